// The static site's engine: a Web Worker that answers the page's API requests with the
// wasm build of the registry (crates/wasm, written beside this file by
// `cargo xtask web-static`), so an engine thinking for seconds never freezes the page.
// Messages in: {id, path, body}; out: {id, ok: true, data} or {id, ok: false, error}.
"use strict";

importScripts("bitgames_wasm.js");

const ready = wasm_bindgen({ module_or_path: "bitgames_wasm_bg.wasm" });

self.onmessage = async (event) => {
  const { id, path, body } = event.data;
  try {
    await ready;
    const text = wasm_bindgen.api(path, body === undefined ? "" : JSON.stringify(body));
    self.postMessage({ id, ok: true, data: JSON.parse(text) });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err && err.message ? err.message : err) });
  }
};
