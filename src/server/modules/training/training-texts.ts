/**
 * The training's e-mails in every language Hookwise speaks: the invitation, the one reminder and
 * the note of thanks to reporters. `{{first_name}}` appears only in `hello_name` (used when the
 * person's first name is known, else `hello`); `{{link}}` only in the invitation and reminder.
 * training-texts.test.ts checks every language has every text and exactly these placeholders.
 */
import type { LanguageCode } from '@shared/languages';

export interface TrainingTexts {
  hello_name: string;
  hello: string;
  invitation_subject: string;
  invitation_body: string;
  reminder_subject: string;
  reminder_body: string;
  praise_subject: string;
  praise_body: string;
  signature: string;
}

export const TRAINING_TEXTS: Record<LanguageCode, TrainingTexts> = {
  en: {
    hello_name: 'Hello {{first_name}},',
    hello: 'Hello,',
    invitation_subject: 'Your short security training',
    invitation_body:
      'A recent security exercise sent you a simulated phishing message, and it caught you out. That happens to many people. This short training (about five minutes) shows the warning signs to look for next time:\n\n{{link}}\n\nThank you for helping to keep us all safe.',
    reminder_subject: 'Reminder: your short security training',
    reminder_body:
      'Your short security training is still waiting for you. It takes about five minutes:\n\n{{link}}\n\nThank you.',
    praise_subject: 'Thank you for reporting',
    praise_body:
      'You reported a simulated phishing message from our recent security exercise. That was exactly right: reporting suspicious messages protects all of us. Thank you, and keep it up!',
    signature: 'Your security team',
  },
  de: {
    hello_name: 'Hallo {{first_name}},',
    hello: 'Hallo,',
    invitation_subject: 'Ihr kurzes Sicherheitstraining',
    invitation_body:
      'Bei einer aktuellen Sicherheitsübung haben Sie eine simulierte Phishing-Nachricht erhalten und sind darauf hereingefallen. Das passiert vielen. Dieses kurze Training (etwa fünf Minuten) zeigt Ihnen die Warnzeichen, auf die Sie beim nächsten Mal achten können:\n\n{{link}}\n\nDanke, dass Sie helfen, uns alle zu schützen.',
    reminder_subject: 'Erinnerung: Ihr kurzes Sicherheitstraining',
    reminder_body:
      'Ihr kurzes Sicherheitstraining wartet noch auf Sie. Es dauert etwa fünf Minuten:\n\n{{link}}\n\nVielen Dank.',
    praise_subject: 'Danke für Ihre Meldung',
    praise_body:
      'Sie haben eine simulierte Phishing-Nachricht aus unserer aktuellen Sicherheitsübung gemeldet. Genau richtig: Wer verdächtige Nachrichten meldet, schützt uns alle. Vielen Dank, und weiter so!',
    signature: 'Ihr Sicherheitsteam',
  },
  ar: {
    hello_name: 'مرحبًا {{first_name}}،',
    hello: 'مرحبًا،',
    invitation_subject: 'تدريبك الأمني القصير',
    invitation_body:
      'أرسل إليك تمرين أمني حديث رسالة تصيّد احتيالي محاكاة، ووقعت فيها. يحدث هذا لكثير من الناس. يعرض لك هذا التدريب القصير (نحو خمس دقائق) العلامات التحذيرية التي يجب الانتباه إليها في المرة القادمة:\n\n{{link}}\n\nشكرًا لمساعدتك في الحفاظ على أمان الجميع.',
    reminder_subject: 'تذكير: تدريبك الأمني القصير',
    reminder_body: 'لا يزال تدريبك الأمني القصير بانتظارك. يستغرق نحو خمس دقائق:\n\n{{link}}\n\nشكرًا لك.',
    praise_subject: 'شكرًا على الإبلاغ',
    praise_body:
      'لقد أبلغت عن رسالة تصيّد احتيالي محاكاة من تمريننا الأمني الأخير. وهذا هو التصرف الصحيح تمامًا: الإبلاغ عن الرسائل المشبوهة يحمينا جميعًا. شكرًا لك، واستمر على ذلك!',
    signature: 'فريق الأمن',
  },
  cs: {
    hello_name: 'Dobrý den, {{first_name}},',
    hello: 'Dobrý den,',
    invitation_subject: 'Vaše krátké bezpečnostní školení',
    invitation_body:
      'Při nedávném bezpečnostním cvičení jste dostali simulovanou phishingovou zprávu a naletěli jste jí. To se stává mnoha lidem. Toto krátké školení (asi pět minut) vám ukáže varovné signály, kterých si příště všímat:\n\n{{link}}\n\nDěkujeme, že pomáháte chránit nás všechny.',
    reminder_subject: 'Připomenutí: vaše krátké bezpečnostní školení',
    reminder_body:
      'Vaše krátké bezpečnostní školení na vás stále čeká. Zabere asi pět minut:\n\n{{link}}\n\nDěkujeme.',
    praise_subject: 'Děkujeme za nahlášení',
    praise_body:
      'Nahlásili jste simulovanou phishingovou zprávu z našeho nedávného bezpečnostního cvičení. Přesně tak: hlášení podezřelých zpráv chrání nás všechny. Děkujeme a jen tak dál!',
    signature: 'Váš bezpečnostní tým',
  },
  es: {
    hello_name: 'Hola, {{first_name}}:',
    hello: 'Hola:',
    invitation_subject: 'Tu breve formación de seguridad',
    invitation_body:
      'En un ejercicio de seguridad reciente recibiste un mensaje de phishing simulado y caíste en él. Le pasa a mucha gente. Esta breve formación (unos cinco minutos) te muestra las señales de alerta que conviene buscar la próxima vez:\n\n{{link}}\n\nGracias por ayudar a mantenernos a todos seguros.',
    reminder_subject: 'Recordatorio: tu breve formación de seguridad',
    reminder_body:
      'Tu breve formación de seguridad todavía te espera. Dura unos cinco minutos:\n\n{{link}}\n\nGracias.',
    praise_subject: 'Gracias por informar',
    praise_body:
      'Informaste de un mensaje de phishing simulado de nuestro reciente ejercicio de seguridad. Fue exactamente lo correcto: informar de los mensajes sospechosos nos protege a todos. ¡Gracias, y sigue así!',
    signature: 'Tu equipo de seguridad',
  },
  fr: {
    hello_name: 'Bonjour {{first_name}},',
    hello: 'Bonjour,',
    invitation_subject: 'Votre courte formation à la sécurité',
    invitation_body:
      "Lors d'un récent exercice de sécurité, vous avez reçu un message d'hameçonnage simulé et vous vous êtes laissé prendre. Cela arrive à beaucoup de gens. Cette courte formation (environ cinq minutes) vous montre les signaux d'alerte à repérer la prochaine fois :\n\n{{link}}\n\nMerci de nous aider à rester tous en sécurité.",
    reminder_subject: 'Rappel : votre courte formation à la sécurité',
    reminder_body:
      'Votre courte formation à la sécurité vous attend toujours. Elle prend environ cinq minutes :\n\n{{link}}\n\nMerci.',
    praise_subject: 'Merci pour votre signalement',
    praise_body:
      "Vous avez signalé un message d'hameçonnage simulé de notre récent exercice de sécurité. C'était exactement le bon réflexe : signaler les messages suspects nous protège tous. Merci, et continuez ainsi !",
    signature: 'Votre équipe sécurité',
  },
  hi: {
    hello_name: 'नमस्ते {{first_name}},',
    hello: 'नमस्ते,',
    invitation_subject: 'आपका छोटा सुरक्षा प्रशिक्षण',
    invitation_body:
      'हाल ही के एक सुरक्षा अभ्यास में आपको एक नकली फ़िशिंग संदेश भेजा गया था, और आप उसके झांसे में आ गए। ऐसा बहुत लोगों के साथ होता है। यह छोटा प्रशिक्षण (लगभग पाँच मिनट) आपको वे चेतावनी संकेत दिखाता है जिन पर अगली बार ध्यान देना है:\n\n{{link}}\n\nहम सबको सुरक्षित रखने में मदद करने के लिए धन्यवाद।',
    reminder_subject: 'अनुस्मारक: आपका छोटा सुरक्षा प्रशिक्षण',
    reminder_body:
      'आपका छोटा सुरक्षा प्रशिक्षण अभी भी आपकी प्रतीक्षा कर रहा है। इसमें लगभग पाँच मिनट लगते हैं:\n\n{{link}}\n\nधन्यवाद।',
    praise_subject: 'रिपोर्ट करने के लिए धन्यवाद',
    praise_body:
      'आपने हमारे हाल के सुरक्षा अभ्यास का एक नकली फ़िशिंग संदेश रिपोर्ट किया। यही बिल्कुल सही था: संदिग्ध संदेशों की रिपोर्ट करने से हम सब सुरक्षित रहते हैं। धन्यवाद, ऐसे ही करते रहिए!',
    signature: 'आपकी सुरक्षा टीम',
  },
  hr: {
    hello_name: 'Pozdrav, {{first_name}},',
    hello: 'Pozdrav,',
    invitation_subject: 'Vaša kratka sigurnosna obuka',
    invitation_body:
      'U nedavnoj sigurnosnoj vježbi primili ste simuliranu phishing poruku i nasjeli ste na nju. To se događa mnogima. Ova kratka obuka (oko pet minuta) pokazuje vam znakove upozorenja na koje treba paziti sljedeći put:\n\n{{link}}\n\nHvala što pomažete da svi budemo sigurni.',
    reminder_subject: 'Podsjetnik: vaša kratka sigurnosna obuka',
    reminder_body: 'Vaša kratka sigurnosna obuka još vas čeka. Traje oko pet minuta:\n\n{{link}}\n\nHvala.',
    praise_subject: 'Hvala na prijavi',
    praise_body:
      'Prijavili ste simuliranu phishing poruku iz naše nedavne sigurnosne vježbe. Upravo tako: prijavljivanje sumnjivih poruka štiti sve nas. Hvala i samo tako nastavite!',
    signature: 'Vaš sigurnosni tim',
  },
  hu: {
    hello_name: 'Kedves {{first_name}}!',
    hello: 'Tisztelt Kolléga!',
    invitation_subject: 'Az Ön rövid biztonsági képzése',
    invitation_body:
      'Egy nemrégi biztonsági gyakorlat során szimulált adathalász üzenetet kapott, és bedőlt neki. Ez sokakkal megesik. Ez a rövid képzés (kb. öt perc) megmutatja azokat a figyelmeztető jeleket, amelyekre legközelebb érdemes figyelni:\n\n{{link}}\n\nKöszönjük, hogy segít mindannyiunk biztonságában.',
    reminder_subject: 'Emlékeztető: az Ön rövid biztonsági képzése',
    reminder_body:
      'A rövid biztonsági képzése még várja Önt. Körülbelül öt percet vesz igénybe:\n\n{{link}}\n\nKöszönjük.',
    praise_subject: 'Köszönjük a bejelentést',
    praise_body:
      'Ön bejelentett egy szimulált adathalász üzenetet a legutóbbi biztonsági gyakorlatunkból. Pontosan ez a helyes lépés: a gyanús üzenetek bejelentése mindannyiunkat véd. Köszönjük, csak így tovább!',
    signature: 'Az Ön biztonsági csapata',
  },
  it: {
    hello_name: 'Ciao {{first_name}},',
    hello: 'Ciao,',
    invitation_subject: 'La tua breve formazione sulla sicurezza',
    invitation_body:
      "In una recente esercitazione di sicurezza hai ricevuto un messaggio di phishing simulato e ci sei cascato. Succede a molte persone. Questa breve formazione (circa cinque minuti) ti mostra i segnali d'allarme da cercare la prossima volta:\n\n{{link}}\n\nGrazie per aiutarci a restare tutti al sicuro.",
    reminder_subject: 'Promemoria: la tua breve formazione sulla sicurezza',
    reminder_body:
      'La tua breve formazione sulla sicurezza ti sta ancora aspettando. Richiede circa cinque minuti:\n\n{{link}}\n\nGrazie.',
    praise_subject: 'Grazie per la segnalazione',
    praise_body:
      'Hai segnalato un messaggio di phishing simulato della nostra recente esercitazione di sicurezza. Era esattamente la cosa giusta: segnalare i messaggi sospetti protegge tutti noi. Grazie, continua così!',
    signature: 'Il tuo team di sicurezza',
  },
  ja: {
    hello_name: '{{first_name}} さん',
    hello: 'こんにちは。',
    invitation_subject: '短いセキュリティ研修のご案内',
    invitation_body:
      '先日のセキュリティ演習で、模擬フィッシングメールがあなたに届き、引っかかってしまいました。これは多くの人に起こることです。この短い研修（約5分）では、次回に気をつけるべき警告サインを紹介します。\n\n{{link}}\n\n皆の安全を守るためのご協力に感謝します。',
    reminder_subject: 'リマインダー：短いセキュリティ研修',
    reminder_body:
      '短いセキュリティ研修がまだ完了していません。約5分で終わります。\n\n{{link}}\n\nよろしくお願いします。',
    praise_subject: 'ご報告ありがとうございます',
    praise_body:
      '先日のセキュリティ演習の模擬フィッシングメールを報告していただきました。まさに正しい対応です。不審なメールを報告することで、皆が守られます。ありがとうございます。これからもこの調子でお願いします！',
    signature: 'セキュリティチーム',
  },
  ko: {
    hello_name: '{{first_name}}님, 안녕하세요.',
    hello: '안녕하세요.',
    invitation_subject: '짧은 보안 교육 안내',
    invitation_body:
      '최근 보안 훈련에서 모의 피싱 메시지가 발송되었고, 그 메시지에 속으셨습니다. 많은 사람에게 일어나는 일입니다. 이 짧은 교육(약 5분)은 다음에 주의해야 할 경고 신호를 보여 드립니다.\n\n{{link}}\n\n모두의 안전을 지키는 데 도움을 주셔서 감사합니다.',
    reminder_subject: '알림: 짧은 보안 교육',
    reminder_body: '짧은 보안 교육이 아직 기다리고 있습니다. 약 5분이 걸립니다.\n\n{{link}}\n\n감사합니다.',
    praise_subject: '신고해 주셔서 감사합니다',
    praise_body:
      '최근 보안 훈련의 모의 피싱 메시지를 신고하셨습니다. 정확히 올바른 대응입니다. 의심스러운 메시지를 신고하면 우리 모두를 보호할 수 있습니다. 감사합니다. 앞으로도 계속 이렇게 해 주세요!',
    signature: '보안팀 드림',
  },
  pt: {
    hello_name: 'Olá, {{first_name}},',
    hello: 'Olá,',
    invitation_subject: 'A sua breve formação de segurança',
    invitation_body:
      'Num exercício de segurança recente recebeu uma mensagem de phishing simulada e caiu nela. Isso acontece a muitas pessoas. Esta breve formação (cerca de cinco minutos) mostra os sinais de alerta a procurar da próxima vez:\n\n{{link}}\n\nObrigado por ajudar a manter todos em segurança.',
    reminder_subject: 'Lembrete: a sua breve formação de segurança',
    reminder_body:
      'A sua breve formação de segurança ainda está à sua espera. Demora cerca de cinco minutos:\n\n{{link}}\n\nObrigado.',
    praise_subject: 'Obrigado por reportar',
    praise_body:
      'Reportou uma mensagem de phishing simulada do nosso exercício de segurança recente. Foi exatamente o correto: reportar mensagens suspeitas protege-nos a todos. Obrigado, e continue assim!',
    signature: 'A sua equipa de segurança',
  },
  ro: {
    hello_name: 'Bună ziua, {{first_name}},',
    hello: 'Bună ziua,',
    invitation_subject: 'Scurtul dumneavoastră curs de securitate',
    invitation_body:
      'Într-un exercițiu de securitate recent ați primit un mesaj de phishing simulat și v-ați lăsat păcălit. Li se întâmplă multor oameni. Acest curs scurt (aproximativ cinci minute) vă arată semnele de avertizare la care să fiți atent data viitoare:\n\n{{link}}\n\nVă mulțumim că ne ajutați să fim cu toții în siguranță.',
    reminder_subject: 'Memento: scurtul dumneavoastră curs de securitate',
    reminder_body:
      'Scurtul dumneavoastră curs de securitate vă așteaptă încă. Durează aproximativ cinci minute:\n\n{{link}}\n\nVă mulțumim.',
    praise_subject: 'Vă mulțumim pentru raportare',
    praise_body:
      'Ați raportat un mesaj de phishing simulat din recentul nostru exercițiu de securitate. Exact asta trebuia făcut: raportarea mesajelor suspecte ne protejează pe toți. Vă mulțumim și continuați tot așa!',
    signature: 'Echipa dumneavoastră de securitate',
  },
  ru: {
    hello_name: 'Здравствуйте, {{first_name}}!',
    hello: 'Здравствуйте!',
    invitation_subject: 'Ваше короткое обучение по безопасности',
    invitation_body:
      'В ходе недавних учений по безопасности вы получили имитацию фишингового письма и попались на неё. Такое случается со многими. Это короткое обучение (около пяти минут) покажет признаки, на которые стоит обращать внимание в следующий раз:\n\n{{link}}\n\nСпасибо, что помогаете всем нам оставаться в безопасности.',
    reminder_subject: 'Напоминание: ваше короткое обучение по безопасности',
    reminder_body:
      'Ваше короткое обучение по безопасности всё ещё ждёт вас. Оно займёт около пяти минут:\n\n{{link}}\n\nСпасибо.',
    praise_subject: 'Спасибо за сообщение',
    praise_body:
      'Вы сообщили об имитации фишингового письма из наших недавних учений по безопасности. Это было абсолютно правильно: сообщая о подозрительных письмах, вы защищаете всех нас. Спасибо, так держать!',
    signature: 'Ваша служба безопасности',
  },
  sk: {
    hello_name: 'Dobrý deň, {{first_name}},',
    hello: 'Dobrý deň,',
    invitation_subject: 'Vaše krátke bezpečnostné školenie',
    invitation_body:
      'Pri nedávnom bezpečnostnom cvičení ste dostali simulovanú phishingovú správu a naleteli ste jej. To sa stáva mnohým ľuďom. Toto krátke školenie (asi päť minút) vám ukáže varovné signály, ktoré si treba nabudúce všímať:\n\n{{link}}\n\nĎakujeme, že pomáhate chrániť nás všetkých.',
    reminder_subject: 'Pripomienka: vaše krátke bezpečnostné školenie',
    reminder_body:
      'Vaše krátke bezpečnostné školenie na vás stále čaká. Zaberie asi päť minút:\n\n{{link}}\n\nĎakujeme.',
    praise_subject: 'Ďakujeme za nahlásenie',
    praise_body:
      'Nahlásili ste simulovanú phishingovú správu z nášho nedávneho bezpečnostného cvičenia. Presne tak: nahlasovanie podozrivých správ chráni nás všetkých. Ďakujeme a len tak ďalej!',
    signature: 'Váš bezpečnostný tím',
  },
  sr: {
    hello_name: 'Zdravo, {{first_name}},',
    hello: 'Zdravo,',
    invitation_subject: 'Vaša kratka bezbednosna obuka',
    invitation_body:
      'U nedavnoj bezbednosnoj vežbi primili ste simuliranu phishing poruku i nasekli ste se. To se dešava mnogima. Ova kratka obuka (oko pet minuta) pokazuje vam znake upozorenja na koje treba obratiti pažnju sledeći put:\n\n{{link}}\n\nHvala što pomažete da svi budemo bezbedni.',
    reminder_subject: 'Podsetnik: vaša kratka bezbednosna obuka',
    reminder_body: 'Vaša kratka bezbednosna obuka vas još čeka. Traje oko pet minuta:\n\n{{link}}\n\nHvala.',
    praise_subject: 'Hvala na prijavi',
    praise_body:
      'Prijavili ste simuliranu phishing poruku iz naše nedavne bezbednosne vežbe. Upravo tako: prijavljivanje sumnjivih poruka štiti sve nas. Hvala i samo nastavite tako!',
    signature: 'Vaš bezbednosni tim',
  },
  tr: {
    hello_name: 'Merhaba {{first_name}},',
    hello: 'Merhaba,',
    invitation_subject: 'Kısa güvenlik eğitiminiz',
    invitation_body:
      'Yakın zamanda yapılan bir güvenlik tatbikatında size sahte bir kimlik avı mesajı gönderildi ve bu mesaja kandınız. Bu pek çok kişinin başına gelir. Bu kısa eğitim (yaklaşık beş dakika) bir dahaki sefere dikkat etmeniz gereken uyarı işaretlerini gösteriyor:\n\n{{link}}\n\nHepimizi güvende tutmaya yardım ettiğiniz için teşekkürler.',
    reminder_subject: 'Hatırlatma: kısa güvenlik eğitiminiz',
    reminder_body:
      'Kısa güvenlik eğitiminiz sizi hâlâ bekliyor. Yaklaşık beş dakika sürer:\n\n{{link}}\n\nTeşekkürler.',
    praise_subject: 'Bildirdiğiniz için teşekkürler',
    praise_body:
      'Son güvenlik tatbikatımızdaki sahte bir kimlik avı mesajını bildirdiniz. Tam olarak doğru olanı yaptınız: şüpheli mesajları bildirmek hepimizi korur. Teşekkürler, böyle devam edin!',
    signature: 'Güvenlik ekibiniz',
  },
  zh: {
    hello_name: '{{first_name}}，您好：',
    hello: '您好：',
    invitation_subject: '您的简短安全培训',
    invitation_body:
      '在最近的一次安全演练中，您收到了一封模拟钓鱼邮件，并且上了当。这种情况很多人都会遇到。这个简短的培训（约五分钟）将向您展示下次需要留意的警示信号：\n\n{{link}}\n\n感谢您帮助我们大家保持安全。',
    reminder_subject: '提醒：您的简短安全培训',
    reminder_body: '您的简短安全培训仍在等待您完成，大约需要五分钟：\n\n{{link}}\n\n谢谢。',
    praise_subject: '感谢您的举报',
    praise_body:
      '您举报了我们最近安全演练中的一封模拟钓鱼邮件。这样做完全正确：举报可疑邮件能保护我们所有人。谢谢您，请继续保持！',
    signature: '您的安全团队',
  },
};
