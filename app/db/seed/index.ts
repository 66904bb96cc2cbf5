import type { Database } from "~/db/client.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Inserts every demo row inside the caller's transaction. Each area adds its own seeder here. */
export async function seedDemoRows(_tx: Tx): Promise<void> {}
