/**
 * Public entry of server/modules/settings: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Workspace settings: profile, members, teams list, images, withdrawal (docs/product.md "Settings").
 */
export { ProfileImageStore, profileImageDir, registerProfileImageFiles } from './profile-image';
export { readImagePart, registerImageUploads, settingsRoutes } from './routes';
export { listBrowsableTeams, lockWorkspace } from './teams';
