/** The in-process job worker (mail outbox, reminders). Filled in by the booking/mail issue. */
export function startJobs(): void {}
export async function stopJobs(): Promise<void> {}
