/**
 * What other sites may show: share cards, uploaded pictures, avatars and the icons. Helmet's default
 * Cross-Origin-Resource-Policy (same-origin) would blank them in a feed reader, a link preview or any page on
 * another origin (issue 23); pages and the API keep same-origin.
 */
export const EMBEDDABLE = { "cross-origin-resource-policy": "cross-origin" } as const;
