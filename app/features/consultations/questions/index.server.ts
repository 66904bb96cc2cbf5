/**
 * Questions per consultation type, their entry point for server code: the question form and
 * its management in the site studio, their words per language for the Translations screen, the
 * questions the wizard asks in the page's language, the visitor's answers checked and kept with
 * the booking, and the answers as plain text for exports.
 * Imports no other sub-area.
 */
export * from "./answer-fields";
export * from "./answer-text";
export * from "./answers.server";
export * from "./question-form";
export * from "./question-translations.server";
export * from "./question-words";
export * from "./questions.server";
