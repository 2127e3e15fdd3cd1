import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The page's script (src/app/entry.ts) starts the app by a dynamic import, so that a first
 * screen drawn by the server is painted before the app's code runs. The app's modules and
 * styles are still asked for at once: this adds their preload and stylesheet links to the
 * page, as a static import would.
 */
function preloadApp(entry: string): Plugin {
  return {
    name: 'efir-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(entry));
        if (!app || app.type !== 'chunk') throw new Error(`preloadApp: no chunk for ${entry}`);
        const chunks = new Set<string>();
        const styles = new Set<string>();
        const walk = (name: string) => {
          const c = bundle[name];
          if (chunks.has(name) || !c || c.type !== 'chunk') return;
          chunks.add(name);
          c.imports.forEach(walk);
          c.viteMetadata?.importedCss.forEach((f) => styles.add(f));
        };
        walk(app.fileName);
        const tags: HtmlTagDescriptor[] = [];
        for (const f of styles) if (!html.includes(`/${f}"`)) tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` }, injectTo: 'head' });
        for (const f of chunks) if (!html.includes(`/${f}"`)) tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' });
        return { html, tags };
      },
    },
  };
}

// The Go server (`make run`) listens on :8080; the dev server forwards the API and the
// media origin to it. Locales are static files in public/ and are served by Vite itself.
const apiTarget = process.env.EFIR_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), preloadApp('/src/app/main.tsx')],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/v2': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/v2': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});

