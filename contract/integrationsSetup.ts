/*
 * Zod-free constants of the integrations (contract/integrations.ts re-exports them), so the client may import them.
 */

/**
 * The server administrator's guide to configuring GitHub and Slack (public/integrations-setup.html, shipped with
 * the client and served by the server at this path): where the "서버 관리자 설정 필요" notes link.
 */
export const INTEGRATIONS_SETUP_PATH = '/integrations-setup.html';
