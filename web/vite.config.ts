import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Connect, HtmlTagDescriptor, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The page's script (src/app/entry.ts) starts the app by a dynamic import, so that a first
 * screen drawn by the server is painted before the app's code runs. The app's modules and
 * styles are still asked for at once: this adds their preload and stylesheet links to the
 * page, as a static import would. Only `page` gets them (the console's page has its own
 * bundle and loads its entry directly).
 */
function preloadApp(page: string, entry: string): Plugin {
  return {
    name: 'efir-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || ctx.path !== page) return html;
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

/**
 * The operator console is a page of its own, operator.html, for every path under
 * /operator (the Go server does the same with dist/operator.html); the dev and preview
 * servers would otherwise answer those paths with the viewer's index.html.
 */
function consolePage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const path = req.url?.split('?')[0] ?? '';
    if (path === '/operator' || path.startsWith('/operator/')) req.url = '/operator.html';
    next();
  };
  return {
    name: 'efir-console-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The Go server (`make run`) listens on :8080; the dev server forwards the API and the
// media origin to it. Locales are static files in public/ and are served by Vite itself.
const apiTarget = process.env.EFIR_API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadApp('/index.html', '/src/app/main.tsx'), consolePage()],
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
    // The shared API, session and library modules, with the libraries they use, go into one
    // chunk: the entry and the lazily loaded areas all import them, and left alone the bundler
    // cuts them into many small chunks the home route pays for one by one.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'core', test: /\/src\/shared\/(api|session|lib)\// }],
        },
      },
    },
  },
  // Two bundles into one dist/: the viewer's (index.html, Vite's default `client` environment)
  // and the operator console's (operator.html). They are built apart, one after the other, so
  // the console shares no chunk with the viewer and the viewer's chunks and preloads stay
  // exactly what they are without it; the viewer's build empties dist/ first. The dev server
  // needs neither: it serves both pages from the sources.
  ...(command === 'build' && {
    environments: {
      operator: {
        consumer: 'client',
        build: { emptyOutDir: false, copyPublicDir: false, rolldownOptions: { input: page('./operator.html') } },
      },
    },
    builder: {
      async buildApp(builder) {
        const { client, operator } = builder.environments;
        if (!client || !operator) throw new Error('vite.config: the client and operator environments are missing');
        await builder.build(client);
        await builder.build(operator);
      },
    },
  }),
  test: {
    // Every core: Vitest's default leaves one free, which on a two-core machine runs the
    // files one at a time.
    maxWorkers: availableParallelism(),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
}));
