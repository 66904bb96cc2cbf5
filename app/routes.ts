import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The site map of both specs, in order. One module per URL. The booking wizard and its manage
// page also answer under a language prefix (`/fr/book-consultation`): the route checks that the
// site offers that language (`routeLanguage`) and answers 404 otherwise. A project or an article
// answers under a prefix at its translated address (`/fr/projects/:slug`) where it is published in
// that language (ADR 33), else 404; so do the lists (`/fr/projects`, `/fr/insights`) where at least
// one item is published in that language. The home page (`/fr`), the about page (`/fr/about`), the
// services pages (`/fr/services`, `/fr/services/commercial` ...) and the contact page
// (`/fr/contact`) and the privacy policy and terms (`/fr/privacy`, `/fr/terms`, one Legal site
// page) answer under a prefix where that site page is published in the language, else 404 (any
// other single segment, `/foo`, is the home route's 404 too).
export default [
  layout("routes/public/layout.tsx", [
    route(":lang?", "routes/public/home.tsx"),
    route(":lang?/about", "routes/public/about.tsx"),
    route(":lang?/services", "routes/public/services.tsx"),
    route(":lang?/services/commercial", "routes/public/services-commercial.tsx"),
    route(":lang?/services/humanitarian", "routes/public/services-humanitarian.tsx"),
    route(":lang?/projects", "routes/public/projects.tsx"),
    route(":lang?/projects/:slug", "routes/public/project.tsx"),
    route(":lang?/insights", "routes/public/insights.tsx"),
    route(":lang?/insights/:slug", "routes/public/insight.tsx"),
    route(":lang?/contact", "routes/public/contact.tsx"),
    route(":lang?/book-consultation", "routes/public/book-consultation.tsx"),
    route(":lang?/book-consultation/manage/:token", "routes/public/manage-booking.tsx"),
    route(":lang?/book-consultation/waiting-list", "routes/public/waiting-list.tsx"),
    route(":lang?/book-consultation/waiting-list/leave/:token", "routes/public/waiting-list-leave.tsx"),
    route(":lang?/privacy", "routes/public/privacy.tsx"),
    route(":lang?/terms", "routes/public/terms.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("set-password", "routes/admin/set-password.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("two-factor", "routes/admin/two-factor.tsx"),
    route("confirm-email", "routes/admin/confirm-email.tsx"),
    route("media/upload", "routes/admin/media-upload.ts"),
    route("calendar/:token", "routes/resources/calendar-feed.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("analytics/export", "routes/admin/analytics-export.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("enquiries/export", "routes/admin/enquiries-export.tsx"),
      route("enquiries/:id/conversation", "routes/admin/enquiry-conversation.tsx"),
      route("enquiries/saved-replies", "routes/admin/saved-replies.tsx"),
      route("contact", "routes/admin/contact.tsx"),
      route("enquiries/attachments/:id", "routes/admin/enquiry-attachment.ts"),
      route("consultations", "routes/admin/consultations.tsx"),
      route("consultations/waiting-list", "routes/admin/consultation-waiting-list.tsx"),
      route("consultations/export", "routes/admin/consultations-export.tsx"),
      route("cms/projects", "routes/admin/cms/projects.tsx"),
      route("cms/projects/create", "routes/admin/cms/project-create.tsx"),
      route("cms/projects/edit/:id", "routes/admin/cms/project-edit.tsx"),
      route("cms/projects/edit/:id/:lang", "routes/admin/cms/project-translation.tsx"),
      route("cms/blog", "routes/admin/cms/blog.tsx"),
      route("cms/blog/create", "routes/admin/cms/blog-create.tsx"),
      route("cms/blog/edit/:id", "routes/admin/cms/blog-edit.tsx"),
      route("cms/blog/edit/:id/:lang", "routes/admin/cms/blog-translation.tsx"),
      route("cms/translations", "routes/admin/cms/translations.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("site", "routes/admin/site/index.tsx"),
      route("site/consultation-types", "routes/admin/site/consultation-types.tsx"),
      route("site/consultation-types/:typeId/questions", "routes/admin/site/consultation-questions.tsx"),
      route("site/redirects", "routes/admin/site/redirects.tsx"),
      route("site/redirects/export", "routes/admin/site/redirects-export.tsx"),
      route("site/wordpress", "routes/admin/site/wordpress.tsx"),
      route("site/wordpress/:id", "routes/admin/site/wordpress-run.tsx"),
      route("site/:page", "routes/admin/site/page-edit.tsx"),
      route("site/:page/:lang", "routes/admin/site/page-translation.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/:id/calendar", "routes/admin/staff-calendar.tsx"),
      route("users/:id/consultations", "routes/admin/user-consultations.tsx"),
      route("settings/mailbox", "routes/admin/settings-mailbox.tsx"),
      route("settings/webhooks", "routes/admin/settings-webhooks.tsx"),
      route("settings/webhooks/:id", "routes/admin/settings-webhook.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("data-protection", "routes/admin/data-protection.tsx"),
      route("data-protection/export", "routes/admin/data-protection-export.tsx"),
    ]),
  ]),

  route("api/auth/*", "routes/resources/auth.ts"),
  route("form-token", "routes/resources/form-token.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("consent", "routes/resources/consent.ts"),
  route(":lang?/insights/rss.xml", "routes/resources/rss.ts"),
] satisfies RouteConfig;
