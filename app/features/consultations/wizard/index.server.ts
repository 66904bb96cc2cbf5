/**
 * The public booking wizard and the manage link, their entry point for server code: the
 * wizard's step from the URL, the booking made from its post, the success screen's receipt, and
 * the manage page with the visitor's cancellation and move. Imports every other sub-area but the
 * consultation types.
 */
export * from "./booking-create.server";
export * from "./booking-manage.server";
export * from "./booking-receipt.server";
export * from "./manage-page.server";
export * from "./wizard.server";
