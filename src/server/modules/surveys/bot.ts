import { messages } from '../../../contract/messages.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import { answerSurvey, openData, openSurvey, readTextStep, SURVEY_KEY, surveyDialogPress } from './dialog.js';
import { publishedSurveys } from './repository.js';

// «Опрос», «Викторина» every published survey of the action is a menu button; its
// questions come one at a time (buttons, or a typed answer through the chat step).

const OPEN = /^o:(\d{1,15})$/;
const ANSWER = /^a:(\d{1,15}):(\d{1,2}):(\d{1,2})$/;

export const surveysFeature: BotFeature = {
  key: SURVEY_KEY,
  async menuButtons(context) {
    const surveys = await publishedSurveys(context.deps.db, context.action.id);
    return surveys.map((survey) => ({ text: survey.title, callback_data: openData(survey.id) }));
  },
  async onCallback(context, data) {
    const open = OPEN.exec(data);
    if (open) return openSurvey(context, Number(open[1]));
    const answer = ANSWER.exec(data);
    if (answer) return answerSurvey(context, Number(answer[1]), Number(answer[2]), { option: Number(answer[3]) });
    return null;
  },
  async dialogPress(context, data) {
    const answer = ANSWER.exec(data);
    return answer ? surveyDialogPress(context, Number(answer[1]), Number(answer[2]), Number(answer[3])) : undefined;
  },
  async onText(context, text, step) {
    const waiting = readTextStep(step);
    // A step this code cannot read (left by an older version) is dropped; the text gets the usual help.
    if (!waiting) {
      await context.clearStep();
      return { text: messages.bot.help };
    }
    return answerSurvey(context, waiting.survey, waiting.question, { text: text.trim() });
  },
};
