import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEATURED_FORM,
  fieldsSchema,
  SETTINGS_FORM,
  ZAdminFormResponse,
  ZAdminIdParams,
  ZAdminSurveyQuestions,
  ZAdminSurveyQuestionsResponse,
} from '@opence/shared/schemas';
import type { TSiteEditor } from './site-editor.service.ts';
import type { TSurveyEditor } from './survey-editor.service.ts';

export type TEditorsRoutesOptions = { surveys: TSurveyEditor; site: TSiteEditor };

const tags = ['admin'];

/** Survey questions, settings and featured content. */
export const editorsRoutes: FastifyPluginAsyncZod<TEditorsRoutesOptions> = async (app, { surveys, site }) => {
  app.get(
    '/admin/surveys/:id/questions',
    {
      schema: {
        tags,
        summary: 'The questions of a survey',
        params: ZAdminIdParams,
        response: { 200: ZAdminSurveyQuestionsResponse },
      },
    },
    (request) => surveys.load(request.params.id),
  );
  app.put(
    '/admin/surveys/:id/questions',
    {
      schema: {
        tags,
        summary: 'Save the questions of a survey',
        params: ZAdminIdParams,
        body: ZAdminSurveyQuestions,
        response: { 200: ZAdminSurveyQuestionsResponse },
      },
    },
    (request) => surveys.save(request.params.id, request.body, request.member!),
  );

  app.get(
    '/admin/settings',
    { schema: { tags, summary: 'Site settings', response: { 200: ZAdminFormResponse } } },
    () => site.settings(),
  );
  app.put(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: 'Save site settings',
        body: fieldsSchema(SETTINGS_FORM),
        response: { 200: ZAdminFormResponse },
      },
    },
    (request) => site.saveSettings(request.body, request.member!),
  );

  app.get(
    '/admin/featured',
    { schema: { tags, summary: 'Featured content picks', response: { 200: ZAdminFormResponse } } },
    () => site.featured(),
  );
  app.put(
    '/admin/featured',
    {
      schema: {
        tags,
        summary: 'Save featured content picks',
        body: fieldsSchema(FEATURED_FORM),
        response: { 200: ZAdminFormResponse },
      },
    },
    (request) => site.saveFeatured(request.body, request.member!),
  );
};
