import type { OperatorDetails } from '../../../contract/operator.js';

/**
 * Demo mode only: what a public page shows for a detail the operator has not set. Every value
 * reads as a placeholder, and the pages label it «Пример: …». There is no sample video or
 * Telegram account: a made-up id or name could be somebody else's real one; the sample e-mail
 * is on example.com, a domain reserved for examples (RFC 2606).
 */
export const DEMO_SAMPLES: Omit<OperatorDetails, 'samples'> = {
  company_name: 'ИП Фамилия Имя Отчество',
  company_inn: '000000000000',
  company_ogrn: '000000000000000',
  company_address: 'индекс, город, улица, дом',
  company_bank: 'р/с 00000000000000000000 в банке, БИК 000000000, к/с 00000000000000000000',
  contact_email: 'operator@example.com',
  contact_telegram: null,
  demo_video_url: null,
  example_projects: [
    {
      name: 'Бренд текстиля',
      category: 'Текстиль для дома',
      text: 'Баллы за каждый комплект белья и ежемесячный розыгрыш среди покупателей.',
    },
    {
      name: 'Бренд косметики',
      category: 'Натуральная косметика',
      text: 'Баллы за чеки и отзывы с фото, подарочные наборы в магазине баллов.',
    },
    { name: 'Бренд детских товаров', category: 'Детские товары', text: 'Бот собирает даты рождения детей и дарит бонус к празднику.' },
  ],
};
