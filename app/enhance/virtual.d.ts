declare module "virtual:enhance-url" {
  /** Public URL of the built `app/enhance/site.ts` (see vite.config.ts). */
  const url: string;
  export default url;
}
