let serverOrigin = () => '';

/** The server's render of a first screen says which origin its visitor asked (first-screen/render.tsx). */
export const setServerOrigin = (get: () => string) => {
  serverOrigin = get;
};

/** This page's origin: the browser's, or on the server the one its visitor asked. */
export const pageOrigin = () => (typeof window === 'undefined' ? serverOrigin() : window.location.origin);
