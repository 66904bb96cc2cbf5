import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The site map of both specs, in order. One module per URL.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("services", "routes/public/services.tsx"),
    route("services/commercial", "routes/public/services-commercial.tsx"),
    route("services/humanitarian", "routes/public/services-humanitarian.tsx"),
    route("projects", "routes/public/projects.tsx"),
    route("projects/:slug", "routes/public/project.tsx"),
    route("insights", "routes/public/insights.tsx"),
    route("insights/:slug", "routes/public/insight.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("book-consultation", "routes/public/book-consultation.tsx"),
    route("book-consultation/manage/:token", "routes/public/manage-booking.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("set-password", "routes/admin/set-password.tsx"),
    route("media/upload", "routes/admin/media-upload.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("enquiries/export", "routes/admin/enquiries-export.tsx"),
      route("consultations", "routes/admin/consultations.tsx"),
      route("cms/projects", "routes/admin/cms/projects.tsx"),
      route("cms/projects/create", "routes/admin/cms/project-create.tsx"),
      route("cms/projects/edit/:id", "routes/admin/cms/project-edit.tsx"),
      route("cms/blog", "routes/admin/cms/blog.tsx"),
      route("cms/blog/create", "routes/admin/cms/blog-create.tsx"),
      route("cms/blog/edit/:id", "routes/admin/cms/blog-edit.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("data-protection", "routes/admin/data-protection.tsx"),
      route("data-protection/export", "routes/admin/data-protection-export.tsx"),
    ]),
  ]),

  route("api/auth/*", "routes/resources/auth.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("consent", "routes/resources/consent.ts"),
  route("insights/rss.xml", "routes/resources/rss.ts"),
] satisfies RouteConfig;
