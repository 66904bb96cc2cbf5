import type { Transaction } from "~/db/client.server";

/** Inserts every demo row inside the caller's transaction. Each area adds its own seeder here. */
export async function seedDemoRows(_tx: Transaction): Promise<void> {}
