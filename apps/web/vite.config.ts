/**
 * The SPA is served by the Portico server at the same origin. In development (`npm run dev
 * -w @portico/web`) API calls are proxied to a server on 127.0.0.1:8000, while page loads
 * (requests accepting HTML) stay with Vite, as the server does for the built app.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const api: ProxyOptions = {
  target: 'http://127.0.0.1:8000',
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react()],
  build: {
    rolldownOptions: {
      treeshake: {
        // Many of antd's dependencies do not declare themselves free of side effects, so
        // importing one export kept whole packages (antd's Input kept the form engine).
        // Packages here only define things on import; their CSS files are the exception.
        moduleSideEffects: (id) => !/node_modules[\\/]/.test(id) || id.endsWith('.css'),
      },
    },
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/admin': api, '/api': api, '/static': api, '/storage': api },
  },
});
