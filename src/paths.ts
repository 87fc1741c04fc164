// Where the package's own files are (the command trees in tree/, the web page in dist/web),
// wherever this code runs from: dist/src/*.js as tsc writes it, or the program bundled into
// dist/vrouter/ (scripts/bundle.mjs), where every module's import.meta.url is that of the
// bundle's file. Both are two directories below the package's root, so every path is made
// from here rather than from each module's own place.

/** The package's root directory (with a trailing slash). */
export const ROOT = new URL('../../', import.meta.url);
