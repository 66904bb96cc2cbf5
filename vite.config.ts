import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is the Express app, so the server and the routes share one
  // instance of every module (one database connection, one logger).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
  optimizeDeps: { include: ["radix-ui", "sonner", "lucide-react", "better-auth/react"] },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "pino", "pino-pretty"] },
}));
