package provider

// images are the small pictures the platform serves itself
// (/v2/platform/images/{name}.svg), so a fresh installation needs no CDN.
var images = map[string]string{
	"logo": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 48" width="160" height="48">` +
		`<rect width="160" height="48" rx="10" fill="#15171c"/>` +
		`<circle cx="24" cy="24" r="12" fill="none" stroke="#ff5a36" stroke-width="4"/>` +
		`<circle cx="24" cy="24" r="4" fill="#ff5a36"/>` +
		`<text x="46" y="32" font-family="Arial,Helvetica,sans-serif" font-size="22" font-weight="700" fill="#fff">Efir</text></svg>`,
	"favicon": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">` +
		`<rect width="32" height="32" rx="7" fill="#15171c"/>` +
		`<circle cx="16" cy="16" r="9" fill="none" stroke="#ff5a36" stroke-width="3"/>` +
		`<circle cx="16" cy="16" r="3" fill="#ff5a36"/></svg>`,
	// Shown instead of a programme whose catch-up the rights holder forbids.
	"catchup-blackout": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720">` +
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d2029"/>` +
		`<stop offset="1" stop-color="#0d0e12"/></linearGradient></defs>` +
		`<rect width="1280" height="720" fill="url(#g)"/>` +
		`<g fill="none" stroke="#ff5a36" stroke-width="10" transform="translate(640 300)">` +
		`<circle r="70"/><path d="M-50 50 L50 -50"/></g>` +
		`<text x="640" y="460" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="40" fill="#fff">` +
		`Запись недоступна · Recording unavailable</text></svg>`,
	"catchup-blackout-screenshot": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">` +
		`<rect width="320" height="180" fill="#15171c"/>` +
		`<g fill="none" stroke="#ff5a36" stroke-width="5" transform="translate(160 90)">` +
		`<circle r="32"/><path d="M-23 23 L23 -23"/></g></svg>`,
}
