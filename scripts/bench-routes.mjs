// Issue 10 bench: a permission tree of 5,000 nodes → routes (core's routesFromPermissionTree from dist/core, with
// its permitted-code set), against a plain recursive walk of the same tree collecting the same routes, in one run.
import { performance } from 'node:perf_hooks';

/** 5,000 nodes breadth first under 3 top menus, 7 children each, every third node a route. */
function tree(size = 5000, width = 7, roots = 3) {
  const nodes = [];
  for (let index = 0; index < size; index++) {
    const route = index % 3 === 0;
    nodes.push({
      code: `c${index}`,
      name: `节点 ${index}`,
      resourceType: route ? 2 : 1,
      menuRoute: route ? `/app${index % 50}/page${index}` : '',
      children: [],
    });
    if (index >= roots) nodes[Math.floor((index - roots) / width)].children.push(nodes[index]);
  }
  return nodes.slice(0, roots);
}

function plainWalk(nodes, permitted, out = []) {
  for (const node of nodes) {
    if (node.resourceType === 2 && node.menuRoute && permitted.has(node.code)) {
      out.push({ path: node.menuRoute, code: node.code, name: node.name });
    }
    plainWalk(node.children, permitted, out);
  }
  return out;
}

/** Median milliseconds per call over `runs` timed calls (after a warm-up). */
function median(fn, runs = 200) {
  for (let i = 0; i < 20; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function benchRoutes() {
  const core = await import(new URL('../dist/core/index.js', import.meta.url).href);
  const forest = tree();
  const permitted = core.permittedCodes(forest);
  const ours = median(() => core.routesFromPermissionTree(forest, permitted));
  const withCodes = median(() => core.routesFromPermissionTree(forest, core.permittedCodes(forest)));
  const plain = median(() => plainWalk(forest, permitted));
  console.log('\nPermission tree of 5,000 nodes → routes (median of 200, goal < 20 ms)');
  console.log(`${plain.toFixed(3).padStart(8)} ms  1.00x  plain recursive walk (baseline)`);
  console.log(`${ours.toFixed(3).padStart(8)} ms  ${(ours / plain).toFixed(2).padStart(5)}x  routesFromPermissionTree`);
  console.log(
    `${withCodes.toFixed(3).padStart(8)} ms  ${(withCodes / plain).toFixed(2).padStart(5)}x  permittedCodes + routesFromPermissionTree (what the shell does)`,
  );
}
