// The bank-app partner's two-step offer (catalogue spec 5 "Mobile-app redirect banner":
// 30-day Premium for 1 000 sum, 170+ channels, 10 cinemas, 5 devices per account,
// exclusive Uzbek content; texts in ru, en and uz). The offer is the partner's, in the
// partner's three languages only, so its texts live here rather than in every locale.

export type OfferLanguage = 'ru' | 'en' | 'uz';

export interface OfferTexts {
  offerTitle: string;
  offerPrice: string;
  benefits: readonly string[];
  accept: string;
  decline: string;
  installTitle: string;
  installSteps: readonly string[];
  install: string;
  stay: string;
  close: string;
}

export const OFFER_TEXTS: Record<OfferLanguage, OfferTexts> = {
  ru: {
    offerTitle: 'Premium на 30 дней',
    offerPrice: 'всего за 1 000 сум',
    benefits: ['Более 170 телеканалов', '10 онлайн-кинотеатров', '5 устройств на один аккаунт', 'Эксклюзивный узбекский контент'],
    accept: 'Получить Premium',
    decline: 'Не сейчас',
    installTitle: 'Установите приложение',
    installSteps: [
      'Скачайте приложение по кнопке ниже.',
      'Войдите по тому же номеру телефона.',
      'Premium на 30 дней за 1 000 сум подключится в приложении.',
    ],
    install: 'Установить приложение',
    stay: 'Остаться на сайте',
    close: 'Закрыть предложение',
  },
  en: {
    offerTitle: 'Premium for 30 days',
    offerPrice: 'for just 1 000 sum',
    benefits: ['170+ TV channels', '10 online cinemas', '5 devices per account', 'Exclusive Uzbek content'],
    accept: 'Get Premium',
    decline: 'Not now',
    installTitle: 'Install the app',
    installSteps: [
      'Download the app with the button below.',
      'Sign in with the same phone number.',
      'Turn on Premium for 30 days for 1 000 sum in the app.',
    ],
    install: 'Install the app',
    stay: 'Stay on the website',
    close: 'Close the offer',
  },
  uz: {
    offerTitle: '30 kunlik Premium',
    offerPrice: 'atigi 1 000 so‘m',
    benefits: ['170 dan ortiq telekanal', '10 ta onlayn kinoteatr', 'Bitta akkauntda 5 ta qurilma', 'Eksklyuziv o‘zbek kontenti'],
    accept: 'Premium olish',
    decline: 'Hozir emas',
    installTitle: 'Ilovani o‘rnating',
    installSteps: [
      'Quyidagi tugma orqali ilovani yuklab oling.',
      'Xuddi shu telefon raqami bilan kiring.',
      '30 kunlik Premium 1 000 so‘mga ilovada yoqiladi.',
    ],
    install: 'Ilovani o‘rnatish',
    stay: 'Saytda qolish',
    close: 'Taklifni yopish',
  },
};

/** The offer's language: the interface's when the offer has it, else Russian (the partner's first). */
export function offerLanguage(interfaceLanguage: string): OfferLanguage {
  const lng = interfaceLanguage.slice(0, 2);
  return lng === 'en' || lng === 'uz' ? lng : 'ru';
}
