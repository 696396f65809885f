// The links an editor sets on the portal (banners, the notice bar, footer links, the navigation). Spec §5: a
// URL counts as external when it starts with http, https, mailto or tel; here it must also name something (a
// host, an address, a number). An internal link is a path of the site, '/…', never '//host' (another host).

export const EXTERNAL_LINK = /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9][0-9\-() ]*)$/i;
export const INTERNAL_LINK = /^\/(?!\/)[^\s]*$/;
