// The board's code, asked for while a login is still verified (issue 33). The router knows that code and
// sets it here (app/home-preload.ts); features only ask for it, so none imports the app.
let preload: () => void = () => {};

export const setHomePreload = (load: () => void) => {
  preload = load;
};

export const preloadHome = () => preload();
