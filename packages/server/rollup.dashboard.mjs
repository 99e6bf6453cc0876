// Builds the usage dashboard that `GET /dashboard` serves (src/routes/dashboard.ts) into
// dist/dashboard/: the page, one script with uPlot bundled in (no CDN, no request to another
// origin), one stylesheet (uPlot's, then the dashboard's own) and the icon. Nothing is inline, so the page
// runs under `script-src 'self'; style-src 'self'`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

const require = createRequire(import.meta.url);

const dashboardStaticFiles = () => ({
  name: 'quire-dashboard-static-files',
  buildStart() {
    this.addWatchFile('src/dashboard-page/index.html');
    this.addWatchFile('src/dashboard-page/dashboard.css');
    this.addWatchFile('src/dashboard-page/favicon.svg');
  },
  generateBundle() {
    const uplotCss = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
    const ownCss = readFileSync(new URL('./src/dashboard-page/dashboard.css', import.meta.url), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'dashboard.css', source: `${uplotCss}\n${ownCss}` });
    for (const name of ['index.html', 'favicon.svg']) {
      this.emitFile({ type: 'asset', fileName: name, source: readFileSync(new URL(`./src/dashboard-page/${name}`, import.meta.url), 'utf8') });
    }
  },
});

/** The rollup build of dist/dashboard/. */
export const dashboardBuild = {
  input: 'src/dashboard-page/main.ts',
  plugins: [nodeResolve({ browser: true }), esbuild({ target: 'es2022' }), dashboardStaticFiles()],
  output: { file: 'dist/dashboard/dashboard.js', format: 'iife', plugins: [terser({ format: { comments: false } })] },
};
