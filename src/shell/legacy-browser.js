/* §2 legacy IE 6–8: the page is replaced by a message once it has loaded. Every page of the platform loads this
   classic script first, `async`, in ES3: IE 8 parses nothing newer and runs no module script, and it knows no
   `async`, so there it runs at once, before the page's load; other browsers fetch it beside the page without waiting
   for it. One copy for the landing pages, the login pages, the module pages and the shell's own page: the build puts
   it in dist/shell/. */
(function (w, d) {
  var mode = d.documentMode;
  if (!((mode && mode < 9) || /MSIE [5-8]\./.test(navigator.userAgent))) return;
  w.phLegacyBrowser = true;
  w.onload = function () {
    var body = d.body;
    var p = d.createElement('p');
    var a = d.createElement('a');
    while (body.firstChild) body.removeChild(body.firstChild);
    p.style.cssText = 'margin:48px auto;max-width:560px;font-size:16px;line-height:1.8';
    p.appendChild(
      d.createTextNode(
        '\u60a8\u7684\u6d4f\u89c8\u5668\u7248\u672c\u8fc7\u4f4e\uff0c\u8bf7\u5347\u7ea7\u5230\u65b0\u7248\u6d4f\u89c8\u5668\u540e\u518d\u8bbf\u95ee\u3002 '
      )
    );
    a.href = 'https://www.google.cn/chrome/';
    a.appendChild(d.createTextNode('\u4e0b\u8f7d\u65b0\u7248\u6d4f\u89c8\u5668'));
    p.appendChild(a);
    body.appendChild(p);
  };
})(window, document);
