// Bidwell's service worker (written by `bidwell publish`): the whole app is kept in the browser's cache, so it
// opens with no network at all. Registered by Flutter's loader at this file's name, in place of Flutter's own
// (which unregisters itself). Each build has its own cache; the browser fetches this file again on a visit
// with the network there, a new build's copy differs, is installed with all its files, and takes over.
"use strict";

const BUILD = "%BUILD%";
const FILES = %FILES%;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(BUILD)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== BUILD).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  // Every screen's address (/game/…, /history) is the one page; the app finds the screen from the address.
  const key = event.request.mode === "navigate" ? new URL("./", self.registration.scope).href : event.request;
  event.respondWith(
    caches.open(BUILD)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((kept) => kept || fetch(event.request)),
  );
});
