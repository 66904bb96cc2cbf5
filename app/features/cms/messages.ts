/**
 * What the content studio tells staff (Projects and
 * Blog toasts; the rest for the other content-studio screens). Safe for the browser.
 */
import type { ContentKindName } from "./kinds";

type Messages = {
  published: string;
  draft: string;
  updated: string;
  deleted: string;
  scheduled: (when: string) => string;
  archived: string;
  restored: string;
  unpublished: string;
  /** A scheduled item taken back to draft before it went live. */
  scheduleCancelled: string;
  createError: { title: string; description?: string };
  updateError: { title: string; description?: string };
  deleteError: { title: string; description?: string };
  loadError: { title: string; description?: string };
  listError: { title: string; description?: string };
  deleteConfirm: (title: string) => string;
};

/** The toasts and confirmations of each kind, with the spec's exact strings where it has them. */
export const CMS_MESSAGES: Record<ContentKindName, Messages> = {
  project: {
    published: "Project published!",
    draft: "Project saved as draft!",
    updated: "Project updated!",
    deleted: "Project deleted",
    scheduled: (when) => `Project scheduled for ${when} (UK time)`,
    archived: "Project archived",
    restored: "Project restored as a draft",
    unpublished: "Project unpublished",
    scheduleCancelled: "Schedule cancelled: the project is a draft again",
    createError: { title: "Error creating project", description: "Please try again or check your input." },
    updateError: { title: "Error updating project", description: "Please try again or check your input." },
    deleteError: { title: "Error deleting project", description: "Please try again." },
    loadError: { title: "Error loading project", description: "Project not found or you don't have permission to edit it." },
    listError: { title: "Error loading projects", description: "Please try refreshing the page." },
    deleteConfirm: (title) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  },
  insight: {
    published: "Blog post published!",
    draft: "Blog post saved as draft!",
    updated: "Blog post updated!",
    deleted: "Blog post deleted",
    scheduled: (when) => `Blog post scheduled for ${when} (UK time)`,
    archived: "Blog post archived",
    restored: "Blog post restored as a draft",
    unpublished: "Blog post unpublished",
    scheduleCancelled: "Schedule cancelled: the blog post is a draft again",
    createError: { title: "Error creating blog post", description: "Please try again or check your input." },
    updateError: { title: "Error updating blog post" },
    deleteError: { title: "Error deleting blog post" },
    loadError: { title: "Error loading blog post" },
    listError: { title: "Error loading blog posts", description: "Please try again." },
    deleteConfirm: (title) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  },
};

/** Toasts of the `?saved={intent}` flag an edit screen is opened with after a create. */
export const SAVED_FLAG_MESSAGES: Record<ContentKindName, Record<string, string>> = {
  project: { draft: CMS_MESSAGES.project.draft, publish: CMS_MESSAGES.project.published, schedule: "Project scheduled" },
  insight: { draft: CMS_MESSAGES.insight.draft, publish: CMS_MESSAGES.insight.published, schedule: "Blog post scheduled" },
};

/** Toasts of the `?deleted=1` flag a list is opened with after a delete from the edit screen. */
export const DELETED_FLAG_MESSAGES: Record<ContentKindName, Record<string, string>> = {
  project: { "1": CMS_MESSAGES.project.deleted },
  insight: { "1": CMS_MESSAGES.insight.deleted },
};
