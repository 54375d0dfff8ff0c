/**
 * The demo campaign's texts in German and Arabic, so the demo's German and Arabic recipients see
 * the whole journey in their language. Every text of the campaign has its translation (the
 * brand, sender and link stay as they are, but are listed so each translation is complete).
 */
import type { CampaignFileInput } from '@shared/campaign';

type Translations = NonNullable<CampaignFileInput['translations']>;

const BRAND = 'Northwind Docs';
const FROM = 'Northwind Docs <no-reply@northwind-docs-share.com>';
const LINK = 'https://northwind-docs-share.com/view';

export const DEMO_TRANSLATIONS: Translations = {
  de: {
    phishing: { brand: BRAND },
    email: {
      from: FROM,
      subject: 'DRINGEND: Ein Dokument wurde für Sie freigegeben – bitte bis 17 Uhr prüfen',
      body: `Hallo,\n\nein vertrauliches Gehaltsdokument wurde für Sie freigegeben. Ihr Zugriff läuft heute um 17 Uhr ab.\n\nDokument öffnen: ${LINK}\n\nIhr Northwind-Docs-Team`,
    },
    awareness: {
      title: 'Sie haben einen simulierten Phishing-Link geöffnet',
      content:
        '<p>Es ist nichts passiert: Dies war eine <strong>Übung</strong> Ihres Sicherheitsteams.</p>' +
        '<p>Echte Angreifer verschicken genau solche Nachrichten, um Passwörter zu stehlen. In den nächsten Minuten lernen Sie die Anzeichen kennen, auf die Sie achten sollten.</p>' +
        '<ul><li>Prüfen Sie die Absenderadresse, nicht nur den angezeigten Namen.</li><li>Zeigen Sie mit der Maus auf einen Link, bevor Sie ihn anklicken.</li><li>Seien Sie misstrauisch bei Zeitdruck und Fristen.</li></ul>',
    },
    pdf: { title: 'Phishing in 60 Sekunden erkennen' },
    sei: {
      sender: {
        title: 'Nachgeahmte Absenderdomain',
        explanation:
          'Die Nachricht kam von northwind-docs-share.com, nicht von der Domain Ihres eigenen Unternehmens.',
        label: 'Absender',
      },
      urgency: {
        title: 'Künstlicher Zeitdruck',
        explanation: 'Eine Frist („bis 17 Uhr“) drängt Sie zum Handeln, bevor Sie nachdenken.',
        label: 'Betreff',
      },
      link: {
        title: 'Link zu einer unbekannten Website',
        explanation:
          'Der Link führt zu einer Website außerhalb Ihres Unternehmens, die nach Ihrem Firmenpasswort fragt.',
        label: 'Link',
        match: LINK,
      },
    },
    sei_general_info:
      'Im Zweifel nicht klicken. Öffnen Sie den Dienst selbst über ein Lesezeichen und melden Sie die Nachricht mit der Schaltfläche „Melden“.',
    entry_text: 'Drei kurze Fragen prüfen, was Sie gerade gelernt haben. Das dauert etwa eine Minute.',
    questions: {
      q1: {
        text: 'Woran war zu erkennen, dass die E-Mail nicht von Ihrem Unternehmen kam?',
        options: { a: 'An der Domain des Absenders', b: 'An der Anrede', c: 'An der Schriftart' },
        explanation: 'Die Absenderdomain northwind-docs-share.com gehört nicht zu Ihrem Unternehmen.',
      },
      q2: {
        text: 'Welche dieser Merkmale sind typische Anzeichen für Phishing? Wählen Sie alle zutreffenden aus.',
        options: {
          a: 'Eine dringende Frist',
          b: 'Die Aufforderung, Ihr Passwort einzugeben',
          c: 'Eine erwartete Nachricht von einer Kollegin oder einem Kollegen',
        },
        explanation: 'Zeitdruck und die Frage nach Zugangsdaten sind klassische Anzeichen.',
      },
      q3: {
        text: 'Was sollten Sie mit einer verdächtigen E-Mail tun?',
        options: {
          a: 'Antworten und fragen, ob sie echt ist',
          b: 'Sie dem Sicherheitsteam melden',
          c: 'Sie an Kolleginnen und Kollegen weiterleiten',
        },
        explanation: 'Mit Ihrer Meldung kann das Sicherheitsteam alle anderen schützen.',
      },
    },
    badges: { 'sharp-eye': 'Adlerauge' },
  },
  ar: {
    phishing: { brand: BRAND },
    email: {
      from: FROM,
      subject: 'عاجل: تمت مشاركة مستند معك — راجِعه قبل الساعة 5 مساءً',
      body: `مرحبًا،\n\nتمت مشاركة مستند رواتب سرّي معك. تنتهي صلاحية وصولك إليه اليوم في الساعة 5 مساءً.\n\nافتح المستند: ${LINK}\n\nفريق Northwind Docs`,
    },
    awareness: {
      title: 'لقد فتحت رابط تصيّد احتيالي في إطار محاكاة',
      content:
        '<p>لم يحدث أي ضرر: كان هذا <strong>تمرينًا تدريبيًا</strong> أجراه فريق الأمن لديكم.</p>' +
        '<p>يرسل المهاجمون الحقيقيون رسائل تشبه هذه تمامًا لسرقة كلمات المرور. ستتعرّف في الدقائق القليلة القادمة على العلامات التي ينبغي الانتباه إليها.</p>' +
        '<ul><li>تحقّق من عنوان المرسل، لا من الاسم الظاهر فقط.</li><li>مرّر المؤشر فوق الروابط قبل النقر عليها.</li><li>احذر من الاستعجال والمهل الزمنية.</li></ul>',
    },
    pdf: { title: 'اكتشف التصيّد الاحتيالي في 60 ثانية' },
    sei: {
      sender: {
        title: 'نطاق مرسل مُقلَّد',
        explanation: 'وصلت الرسالة من northwind-docs-share.com، وليس من نطاق شركتك.',
        label: 'المرسل',
      },
      urgency: {
        title: 'استعجال مصطنع',
        explanation: 'المهلة («قبل الساعة 5 مساءً») تضغط عليك لتتصرّف قبل أن تفكّر.',
        label: 'الموضوع',
      },
      link: {
        title: 'رابط إلى موقع غير معروف',
        explanation: 'يؤدي الرابط إلى موقع خارج شركتك يطلب منك كلمة مرور الشركة.',
        label: 'الرابط',
        match: LINK,
      },
    },
    sei_general_info:
      'إذا ساورك الشك فلا تنقر. افتح الخدمة بنفسك من إشارة مرجعية، وأبلِغ عن الرسالة باستخدام زر الإبلاغ.',
    entry_text: 'ثلاثة أسئلة قصيرة تتحقّق مما تعلّمته للتو. يستغرق ذلك دقيقة واحدة تقريبًا.',
    questions: {
      q1: {
        text: 'ما التفصيل الذي كشف أن البريد الإلكتروني لم يصل من شركتك؟',
        options: { a: 'نطاق المرسل', b: 'عبارة التحية', c: 'نوع الخط' },
        explanation: 'نطاق المرسل northwind-docs-share.com ليس نطاق شركتك.',
      },
      q2: {
        text: 'أيٌّ مما يلي من العلامات الشائعة للتصيّد الاحتيالي؟ اختر كل ما ينطبق.',
        options: {
          a: 'مهلة عاجلة',
          b: 'طلب كلمة المرور الخاصة بك',
          c: 'رسالة كنت تنتظرها من أحد زملائك',
        },
        explanation: 'الاستعجال وطلب بيانات تسجيل الدخول من العلامات المعروفة للتصيّد.',
      },
      q3: {
        text: 'ماذا يجب أن تفعل برسالة بريد إلكتروني مشبوهة؟',
        options: {
          a: 'الرد عليها والسؤال عمّا إذا كانت حقيقية',
          b: 'الإبلاغ عنها إلى فريق الأمن',
          c: 'إعادة توجيهها إلى زملائك',
        },
        explanation: 'الإبلاغ يساعد فريق الأمن على حماية الجميع.',
      },
    },
    badges: { 'sharp-eye': 'عين ثاقبة' },
  },
};
