import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerFaceModelRoutes } from './assets/face-models';
import { registerPageAssetRoutes } from './assets/pages';
import { registerVersionRoutes } from './assets/versions';
import { registerDesktopRoutes } from './base/desktop';
import { registerFamilyRoutes } from './base/family';
import { registerMessageRoutes } from './base/messages';
import { registerNlsRoutes } from './base/nls';
import { registerUnitRoutes } from './base/unit';
import { registerVoiceRoutes } from './base/voice';
import { registerExportRoutes } from './export';
import { registerStaticRoutes } from './static';
import { registerStorageRoutes } from './storage';
import { registerAuthorizeRoutes } from './uaa/authorize';
import { registerFaceRoutes } from './uaa/face';
import { registerLoginRoutes } from './uaa/login';
import { registerSessionRoutes } from './uaa/login-session';
import { registerSocialRoutes } from './uaa/social';
import { registerSocialBindRoutes } from './uaa/social-bind';
import { registerSocialProviderRoutes } from './uaa/social-provider';
import { registerSsoRoutes } from './uaa/sso';
import { registerUnitConfigRoutes } from './uaa/unit-config';

export async function registerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const register of [
    registerLoginRoutes,
    registerSessionRoutes,
    registerSocialRoutes,
    registerSocialBindRoutes,
    registerAuthorizeRoutes,
    registerSsoRoutes,
    registerSocialProviderRoutes,
    registerUnitConfigRoutes,
    registerFaceRoutes,
    registerDesktopRoutes,
    registerMessageRoutes,
    registerUnitRoutes,
    registerFamilyRoutes,
    registerVoiceRoutes,
    registerNlsRoutes,
    registerExportRoutes,
    registerVersionRoutes,
    registerPageAssetRoutes,
    registerFaceModelRoutes,
  ]) {
    register(app, ctx);
  }
  await registerStorageRoutes(app, ctx);
  await registerStaticRoutes(app, ctx);
}
