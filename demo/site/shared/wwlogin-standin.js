// A stand-in for WeCom's web-login script (wwLogin-1.2.7.js, §7's chat-login script from a third-party host), which
// the login page names in phinit's `qrLogin` as a real deployment names WeCom's. Like the real one it defines
// `WwLogin` and draws into the element whose id it is given; the real one draws WeCom's QR code in a frame, and a
// scan sends the page to `redirect_uri` with `code` and `state`. This one draws a made-up code from the corp id that
// links to the reference server's stand-in authorisation page (/sso/social/authorize), which does the same.
(() => {
  const SIZE = 21;
  const SVG = 'http://www.w3.org/2000/svg';

  /** A finder pattern's cell (the three corner squares every QR code has). */
  function finder(x, y) {
    for (const [left, top] of [
      [0, 0],
      [SIZE - 7, 0],
      [0, SIZE - 7],
    ]) {
      const dx = x - left;
      const dy = y - top;
      if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7) {
        const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
        return ring !== 2;
      }
    }
    return null;
  }

  /** The cells: finder patterns, the rest from a hash of the text (FNV-1a steps), as a code looks. */
  function cells(text) {
    let hash = 2166136261;
    for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    const on = [];
    for (let y = 0; y < SIZE; y += 1) {
      for (let x = 0; x < SIZE; x += 1) {
        hash = Math.imul(hash ^ (x * 31 + y), 16777619);
        const fixed = finder(x, y);
        if (fixed ?? (hash >>> 7) % 2 === 0) on.push([x, y]);
      }
    }
    return on;
  }

  function drawCode(options) {
    const box = document.getElementById(options.id);
    if (!box) return;
    const back = decodeURIComponent(options.redirect_uri);
    // The stand-in authorisation page of this site; the way back is only a value of its query, which that page checks.
    const query = new URLSearchParams({
      appid: options.appid,
      redirect_uri: back,
      response_type: 'code',
      scope: 'snsapi_base',
      state: options.state,
    });
    const link = document.createElement('a');
    link.href = `/sso/social/authorize?${query}#wechat_redirect`;
    link.target = '_top';
    link.dataset.wwLogin = options.agentid;
    link.setAttribute(
      'aria-label',
      options.lang === 'en' ? 'WeCom QR code (demo: select to scan)' : '企业微信二维码（演示：点此代替扫码）',
    );
    link.style.cssText =
      'display:block;box-sizing:content-box;width:148px;height:148px;padding:6px;background:#fff;line-height:0';
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${SIZE} ${SIZE}`);
    svg.setAttribute('width', '148');
    svg.setAttribute('height', '148');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute(
      'd',
      cells(`${options.appid}:${options.agentid}`)
        .map(([x, y]) => `M${x} ${y}h1v1h-1z`)
        .join(''),
    );
    path.setAttribute('fill', '#000');
    svg.append(path);
    link.append(svg);
    box.replaceChildren(link);
  }

  window.WwLogin = drawCode;
})();
