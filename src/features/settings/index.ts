/*
 * Public entry of the settings feature. Nothing in it is used by other features: the router loads its pages
 * (pages/*.tsx) lazily, and its generic helpers live in src/shared/.
 */
export {};
