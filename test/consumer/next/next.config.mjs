// A Next.js App Router app as docs/guide/react-next.md sets one up: the platform's calls go to its server through
// rewrites, so that its session cookie is the page's own.
const platform = process.env.PH_PLATFORM ?? 'http://127.0.0.1:8080';

export default {
  async rewrites() {
    return ['/api', '/zuul', '/common'].map((path) => ({
      source: `${path}/:rest*`,
      destination: `${platform}${path}/:rest*`,
    }));
  },
  // The test's own setting (test/consumer): Next.js is the repository's, found by walking up from the app, so the
  // build may read files up there.
  ...(process.env.PH_WORKSPACE_ROOT
    ? { turbopack: { root: process.env.PH_WORKSPACE_ROOT }, outputFileTracingRoot: process.env.PH_WORKSPACE_ROOT }
    : {}),
};
