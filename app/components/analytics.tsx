/** Analytics after cookie consent (PECR). Filled in by the public-site work. */
export function Analytics(_props: { measurementId: string; nonce?: string }) {
  return null;
}
