/**
 * The service worker, served at /sw.js (scope /). It shows the browser reminders and opens their page when
 * clicked, and does nothing else: no fetch handler and no cache, so it can never serve a stale page or hold a
 * deploy back. Plain script text (no build step): what the browser runs is what is written here.
 */
export const SERVICE_WORKER_JS = `"use strict";
// Meme Gazette's service worker: browser reminders only (push and notificationclick). No fetch, no cache.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (_) {
    message = {};
  }
  const title = typeof message.title === "string" ? message.title : "Meme Gazette";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
`;
