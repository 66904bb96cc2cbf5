/** The two kinds of content of the studio, with their admin and public paths. Safe for the browser. */

export type ContentKindName = "project" | "insight";

/** Admin list, create, edit and public paths of a kind. */
export const CMS_PATHS: Record<ContentKindName, { list: string; create: string; edit: (id: string) => string; public: (slug: string) => string }> = {
  project: {
    list: "/admin/cms/projects",
    create: "/admin/cms/projects/create",
    edit: (id) => `/admin/cms/projects/edit/${id}`,
    public: (slug) => `/projects/${encodeURIComponent(slug)}`,
  },
  insight: {
    list: "/admin/cms/blog",
    create: "/admin/cms/blog/create",
    edit: (id) => `/admin/cms/blog/edit/${id}`,
    public: (slug) => `/insights/${encodeURIComponent(slug)}`,
  },
};
