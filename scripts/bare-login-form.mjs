// The baseline of the login bench (bench-login.ts): a bare React 19 form with the login form's fields — account,
// password, remember password, forgotten password, sign in — and nothing else, bundled and minified the way our
// bundles are (as react-alone.mjs bundles React alone). Also the same bundle rendering into a node that is never
// attached: the bare form's React work alone, which the bench runs on the login page in place of the widgets.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { gzipBytes } from './bundle-sizes.mjs';

const ENTRY = 'virtual:bare-login-form';

const source = (container) => `
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  return h('form', { onSubmit: (event) => event.preventDefault() },
    h('h2', null, '登录'),
    h('label', null, '账号', h('input', { name: 'username', autoComplete: 'username', value: username,
      onChange: (event) => setUsername(event.target.value) })),
    h('label', null, '密码', h('input', { name: 'password', type: 'password', autoComplete: 'current-password',
      value: password, onChange: (event) => setPassword(event.target.value) })),
    h('label', null, h('input', { type: 'checkbox', checked: remember,
      onChange: (event) => setRemember(event.target.checked) }), '记住密码'),
    h('a', { href: '/forgetPassword', target: '_blank' }, '忘记密码'),
    h('button', { type: 'submit' }, '登录'));
}

createRoot(${container}).render(h(LoginForm));
`;

const HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>登录</title>
    <script type="module" src="/bench-bare/bare.js"></script>
  </head>
  <body>
    <main id="root"></main>
  </body>
</html>
`;

/**
 * The page's HTML, its one script (minified ES module), that script's gzip -9 size, and `workJs`: the same script
 * rendering into a detached node.
 */
export async function bareLoginForm() {
  const js = await bundle(source("document.getElementById('root')"));
  const workJs = await bundle(source("document.createElement('main')"));
  return { html: HTML, js, gzipBytes: gzipBytes(js), workJs };
}

async function bundle(code) {
  const build = await rollup({
    input: ENTRY,
    plugins: [
      {
        name: 'bare-login-entry',
        resolveId: (id) => (id === ENTRY ? id : null),
        load: (id) => (id === ENTRY ? code : null),
      },
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true }),
      commonjs(),
      terser({ format: { comments: false } }),
    ],
    onwarn: () => {},
  });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output[0].code;
}
