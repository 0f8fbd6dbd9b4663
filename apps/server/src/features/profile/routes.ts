import multipart from '@fastify/multipart';
import {
  confirmEmailChangeResponseSchema,
  confirmPhoneResponseSchema,
  confirmPhoneSchema,
  phoneCodeResponseSchema,
  confirmEmailChangeSchema,
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureParamsSchema,
  setLanguageSchema,
  updateProfileResponseSchema,
  updateProfileSchema,
  userSchema,
} from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { principalOf } from '../../plugins/auth.js';
import { languageOf } from '../../plugins/language.js';
import { confirmPhone, sendPhoneCode } from './phone.js';
import { openProfilePicture, readPictureUpload, updateProfilePicture } from './profile-pictures.js';
import { confirmEmailChange, setLanguage, updateProfile } from './service.js';

export interface ProfileRoutesOptions {
  /** Where profile pictures are kept (`DATA_DIR/pictures`). */
  pictures: FileStorage;
}

export async function profileRoutes(fastify: FastifyInstance, { pictures }: ProfileRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/auth/update-profile',
    { schema: { body: updateProfileSchema, response: { 200: updateProfileResponseSchema } } },
    async (request) => {
      const answer = await updateProfile(app.db, principalOf(request), request.body, new Date(), languageOf(request));
      // An email change has put its code in the outbox.
      if (answer.pending_email) app.mailer.kick();
      return answer;
    },
  );

  // The account's language, from the header's switch or the profile (decision 068).
  app.put(
    '/auth/language',
    { schema: { body: setLanguageSchema, response: { 200: updateProfileResponseSchema } } },
    async (request) => setLanguage(app.db, principalOf(request), request.body.language),
  );

  // The code mailed to the new address, guessed at most like verify-otp's: per IP and per account.
  app.post(
    '/auth/confirm-email-change',
    {
      ...app.authLimits('confirm-email-change', 30, 10, (request) => {
        const principal = request.principal;
        return principal ? String(principal.userId) : undefined;
      }),
      schema: { body: confirmEmailChangeSchema, response: { 200: confirmEmailChangeResponseSchema } },
    },
    async (request) => {
      const answer = await confirmEmailChange(app.db, principalOf(request), request.body);
      app.mailer.kick();
      return answer;
    },
  );

  // The phone confirmed by a code sent to it by SMS (decision 076), limited as the email codes are.
  const accountOf = (request: FastifyRequest) => (request.principal ? String(request.principal.userId) : undefined);
  app.post(
    '/profile/phone/code',
    { ...app.authLimits('phone-code', 20, 10, accountOf, 60), schema: { response: { 200: phoneCodeResponseSchema } } },
    async (request) => sendPhoneCode(app.db, app.sms.send, principalOf(request), new Date(), languageOf(request)),
  );
  app.post(
    '/profile/phone/confirm',
    { ...app.authLimits('confirm-phone', 30, 10, accountOf), schema: { body: confirmPhoneSchema, response: { 200: confirmPhoneResponseSchema } } },
    async (request) => confirmPhone(app.db, principalOf(request), request.body),
  );

  // Multipart for this route alone: every other route reads JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 20 },
    });
    // Any other body reaches the handler unread, to be refused in the upload's own words.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/auth/update-profile-picture',
      { schema: { response: { 200: userSchema } } },
      async (request) => updateProfilePicture(app.db, pictures, request.log, principalOf(request), await readPictureUpload(request)),
    );
  });

  // Opened by <img>, which sends no token: the file name is a random UUID made anew at each change.
  app.get(
    '/profile-pictures/:userId/:file',
    { config: { public: true }, schema: { params: profilePictureParamsSchema } },
    async (request, reply) => {
      const file = await openProfilePicture(pictures, request.params.userId, request.params.file);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
