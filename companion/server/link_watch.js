// Bidwell's watch on the connection (served inside the app's page by companion/server/link.py's LinkWatch).
//
// Flet's client notices a lost connection only when its websocket closes; a link that goes silent (Wi-Fi gone,
// a phone off the network) leaves the screen as it was, taking taps that reach the server seconds later, if ever.
// The server sends a heartbeat frame every second; when none has come for LOST_AFTER_MS, or the socket is closed,
// this covers the screen with a notice that says so and takes every tap, until frames come again. Before each
// frame of its own the page names the newest heartbeat it had heard, so the server can tell a frame made on a
// screen cut off from it, and refuse it. Frames of the heartbeat's type are never Flet's: its client and server
// both drop a type they do not know.
//
// Once the app's socket has closed, the page is loaded again as soon as the server answers, rather than letting
// Flet's client reconnect in place: that client then sends the taps it held meanwhile, and (Flet 1.0.5) may keep
// drawing the screen as it was before, taking later changes for controls it no longer has. A page loaded again
// keeps its session on the server and draws the game as stored.
"use strict";
(() => {
  const BEAT = 0x42;
  const LOST_AFTER_MS = 3000;
  const WORDS_KEY = "flutter.bidwell.link_lost"; // what the app keeps in the tab's language (SharedPreferences)
  const Native = window.WebSocket;
  let socket = null;
  let heard = null; // the newest heartbeat heard on the current socket
  let heardAt = 0;
  let started = false; // the app has been reached once: before that, Flet's own loading screen is up
  let dropped = false; // the app's socket closed after it started: the page is loaded again, not reconnected
  let cover = null;

  function words() {
    try {
      const kept = window.localStorage.getItem(WORDS_KEY);
      if (kept) {
        return JSON.parse(kept);
      }
    } catch (error) {
      // storage refused or unreadable: the words the server gave
    }
    return window.bidwellLinkLost || "";
  }

  function show(lost) {
    if (!lost) {
      if (cover) {
        cover.remove();
        cover = null;
      }
      return;
    }
    if (cover) {
      return;
    }
    cover = document.createElement("div");
    cover.setAttribute("role", "alert");
    cover.setAttribute("aria-live", "assertive");
    cover.id = "bidwell-link-lost";
    cover.style.cssText = "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:flex-start;" +
      "justify-content:center;padding:96px 24px 0;background:rgba(0,0,0,0.55);touch-action:none;" +
      "font:18px/1.4 system-ui,sans-serif;";
    const note = document.createElement("div");
    note.textContent = words();
    note.style.cssText = "max-width:360px;padding:20px;border-radius:12px;background:#b3261e;color:#fff;" +
      "box-shadow:0 4px 16px rgba(0,0,0,0.4);";
    cover.appendChild(note);
    for (const kind of ["pointerdown", "pointerup", "click", "touchstart", "touchend", "mousedown", "mouseup"]) {
      cover.addEventListener(kind, (event) => {
        event.stopPropagation();
        event.preventDefault();
      }, { capture: true, passive: false });
    }
    document.body.appendChild(cover);
  }

  function update() {
    const open = socket !== null && socket.readyState === Native.OPEN;
    show(started && (dropped || !open || performance.now() - heardAt > LOST_AFTER_MS));
  }

  function isApps(url) {
    return /\/ws$/.test(new URL(String(url), window.location.href).pathname);
  }

  async function reloadWhenAnswered() {
    for (;;) {
      try {
        const answer = await fetch(window.location.href, { method: "HEAD", cache: "no-store" });
        if (answer.ok) {
          window.location.reload();
          return;
        }
      } catch (error) {
        // not answering yet
      }
      await new Promise((resolve) => window.setTimeout(resolve, 1000));
    }
  }

  function stamp() {
    const frame = new Uint8Array(5);
    frame[0] = BEAT;
    new DataView(frame.buffer).setUint32(1, heard, true);
    return frame;
  }

  class Watched extends Native {
    constructor(url, protocols) {
      if (dropped && isApps(url)) {
        // Flet's client reconnecting in place: it gets a socket that never opens, while the page is loaded again.
        return new EventTarget();
      }
      super(url, protocols);
      if (!isApps(url)) {
        return;
      }
      socket = this;
      heard = null;
      heardAt = performance.now();
      const take = (bytes) => {
        if (bytes.length >= 5 && bytes[0] === BEAT) {
          heard = new DataView(bytes.buffer, bytes.byteOffset, 5).getUint32(1, true);
        }
      };
      this.addEventListener("message", (event) => {
        if (socket !== this) {
          return;
        }
        heardAt = performance.now();
        started = true;
        if (event.data instanceof ArrayBuffer) {
          take(new Uint8Array(event.data));
        } else if (event.data instanceof Blob && event.data.size === 5) {
          event.data.arrayBuffer().then((buffer) => take(new Uint8Array(buffer)));
        }
        update();
      });
      this.addEventListener("close", () => {
        if (socket === this && started && !dropped) {
          dropped = true;
          reloadWhenAnswered();
        }
        update();
      });
    }

    send(data) {
      if (socket === this && heard !== null && this.readyState === Native.OPEN) {
        super.send(stamp());
      }
      return super.send(data);
    }
  }

  window.WebSocket = Watched;
  window.setInterval(update, 250);
})();
