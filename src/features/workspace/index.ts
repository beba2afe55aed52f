/*
 * Public entry of the workspace feature (the `/workspace` guard, shell and sidebar). Nothing in it is used by
 * other features: the router loads its screens lazily, and its paths live in src/app/paths.ts.
 */
export {};
