/*
 * Efir's service worker: it shows web pushes (the spec's Push notification:
 * title, body, icon, action, destination, time_to_live, time_start) and, on a
 * click, opens or focuses the page of the notification's destination. It does
 * not touch the page's requests: the app works the same without it.
 * A plain script (no build step) so that /sw.js keeps one address.
 */

/** The all-channels category: a channel opens inside it. */
var ALL_CATEGORY = 32;

/** The page a destination leads to (same origin unless a url of its own). */
function destinationPath(d) {
  if (!d || typeof d !== 'object') return '/';
  var key = d.slug || d.id;
  switch (d.type) {
    case 'url':
      return typeof d.src === 'string' && /^(https?:\/\/|\/)/.test(d.src) ? d.src : '/';
    case 'channel':
      return key ? '/channels/' + (d.code || ALL_CATEGORY) + '/' + encodeURIComponent(key) : '/channels';
    case 'content':
      return key ? '/contents/' + encodeURIComponent(key) : '/';
    case 'packet':
      return d.id ? '/packets/' + d.id : '/packets';
    case 'news':
      return d.id ? '/news/' + d.id : '/news';
    case 'messages':
      return '/#message';
    default:
      return '/';
  }
}

/** What the push carries, or null when it is not one of ours. */
function readPayload(data) {
  if (!data) return null;
  try {
    var p = data.json();
    return p && typeof p.title === 'string' ? p : null;
  } catch (e) {
    return null;
  }
}

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', function (event) {
  var p = readPayload(event.data);
  if (!p) return;
  // A push that arrives after its time to live (a device that was off) is stale.
  if (p.time_start && p.time_to_live && Date.now() / 1000 > p.time_start + p.time_to_live) return;
  var options = {
    body: p.body || '',
    icon: p.icon || '/favicon.svg',
    tag: p.id ? 'efir-' + p.id : undefined,
    timestamp: p.time_start ? p.time_start * 1000 : undefined,
    data: { url: new URL(destinationPath(p.destination), self.location.origin).href },
  };
  if (p.action) options.actions = [{ action: 'open', title: p.action }];
  event.waitUntil(self.registration.showNotification(p.title, options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || self.location.origin + '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
      for (var i = 0; i < list.length; i++) {
        if (list[i].url === url && 'focus' in list[i]) return list[i].focus();
      }
      // A window of the app on another page goes to the destination.
      for (var j = 0; j < list.length; j++) {
        var c = list[j];
        if (new URL(c.url).origin === self.location.origin && new URL(url).origin === self.location.origin && 'navigate' in c) {
          return c.navigate(url).then(function (w) {
            return (w || c).focus();
          });
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});

// The browser replaced or dropped the push subscription (keys rotated, the push service
// expired it): subscribe again with the same server key, and ask the open pages to store
// the new one on the server (only a page has the viewer's token; a page opened later
// stores it on load).
self.addEventListener('pushsubscriptionchange', function (event) {
  var old = event.oldSubscription;
  var key = old && old.options ? old.options.applicationServerKey : null;
  var next = event.newSubscription
    ? Promise.resolve(event.newSubscription)
    : key
      ? self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
      : Promise.resolve(null);
  event.waitUntil(
    next.then(function (sub) {
      if (!sub) return;
      return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
        for (var i = 0; i < list.length; i++) list[i].postMessage({ type: 'efir:push-subscription-changed' });
      });
    }),
  );
});
