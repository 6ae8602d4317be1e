import { countTenses, isTenseProblem, tenseMismatch, tenseSlipped } from './narration-tense';

const PAST = `The tide was out when Mara reached the lighthouse. She climbed the iron stair and stopped at the lamp room door. It was open. She had locked it herself the night before; she knew she had.

Inside, the lens turned slowly in its brass cradle. She watched it for a moment. Then she crossed to the desk and found the logbook where she had left it, but the last page was gone. Someone had cut it out with a blade.

"Jonah?" she called. Nobody answered. She went down again, counting the steps as she always did, and at the bottom she saw the boots by the door. They were wet. They were not hers.

He was waiting in the kitchen. He had made tea in her pot and sat at her table as if he owned it. She stood in the doorway and said nothing. He looked up. He smiled. She hated him for that smile, and she sat down anyway.

They talked until the light failed. He told her about the map and she listened. When he left, she locked the door and checked it twice, and still she did not sleep.`;

/** The same passage told in the present, as a writer that slipped out of the book's tense writes it. */
const PRESENT = `The tide is out when Mara reaches the lighthouse. She climbs the iron stair and stops at the lamp room door. It is open. She locked it herself the night before; she knows she did.

Inside, the lens turns slowly in its brass cradle. She watches it for a moment. Then she crosses to the desk and finds the logbook where she left it, but the last page is gone. Someone has cut it out with a blade.

"Jonah?" she calls. Nobody answers. She goes down again, counting the steps as she always does, and at the bottom she sees the boots by the door. They are wet. They are not hers.

He is waiting in the kitchen. He has made tea in her pot and sits at her table as if he owns it. She stands in the doorway and says nothing. He looks up. He smiles. She hates him for that smile, and she sits down anyway.

They talk until the light fails. He tells her about the map and she listens. When he leaves, she locks the door and checks it twice, and still she does not sleep.`;

describe('tenseMismatch', () => {
  it('reads a past-tense story as past and a present-tense one as present', () => {
    const past = countTenses(PAST);
    expect(past.past).toBeGreaterThanOrEqual(20);
    expect(past.present).toBe(0);
    const present = countTenses(PRESENT);
    expect(present.present).toBeGreaterThanOrEqual(20);
    expect(present.past).toBeLessThan(present.present / 4);
    expect(tenseMismatch(PAST, 'en', 'past')).toBeUndefined();
    expect(tenseMismatch(PRESENT, 'en-GB', 'present')).toBeUndefined();
  });

  it('finds a section told in the other tense from the book', () => {
    expect(tenseMismatch(PRESENT, 'en', 'past')).toBe(
      'it is told in the present tense, and this book is told in the past',
    );
    expect(tenseMismatch(PAST, 'en', 'present')).toBe(
      'it is told in the past tense, and this book is told in the present',
    );
    expect(isTenseProblem(tenseMismatch(PRESENT, 'en', 'past')!)).toBe(true);
    expect(isTenseProblem('the answer is empty')).toBe(false);
  });

  it('does not count speech: characters talk in the present in any story', () => {
    const talk = Array.from(
      { length: 12 },
      (_, index) =>
        `"I am tired of this," she says to nobody, and he answers, "We are all tired." She turned away (${index}).`,
    ).join('\n\n');
    expect(countTenses(talk)).toEqual({ past: 12, present: 24 });
    const told = PAST.replace(/\.\n\n/g, '. "I know, I have it, it is mine, we are late, they are here." \n\n');
    expect(tenseMismatch(told, 'en', 'past')).toBeUndefined();
  });

  it("keeps a past-tense narrator's frame in the present and a present-tense story's backstory in the past", () => {
    const framed = `I am old now, and I remember it badly. ${PAST}`;
    expect(tenseMismatch(framed, 'en', 'past')).toBeUndefined();
    const backstory = `${PRESENT}\n\nShe had lived there for years. She had kept the light and she had kept it well.`;
    expect(tenseMismatch(backstory, 'en', 'present')).toBeUndefined();
  });

  it('says nothing of a short answer or of a language whose verbs it cannot read', () => {
    expect(tenseMismatch(PRESENT.split('\n\n')[0]!, 'en', 'past')).toBeUndefined();
    expect(tenseMismatch(PRESENT, 'fr', 'past')).toBeUndefined();
  });
});

/** A French story told in the passé simple and the imparfait, as French novels are. */
const PASSE_SIMPLE = `La marée était basse quand Mara arriva au phare. Elle monta l'escalier de fer et s'arrêta devant la porte de la lanterne. Elle était ouverte. Elle l'avait fermée elle-même la veille ; elle le savait.

À l'intérieur, la lentille tournait lentement dans son berceau de laiton. Elle la regarda un moment. Puis elle traversa la pièce jusqu'au bureau et trouva le registre où elle l'avait laissé, mais la dernière page avait disparu. Quelqu'un l'avait coupée avec une lame.

Elle redescendit en comptant les marches comme elle le faisait toujours, et en bas elle vit les bottes près de la porte. Elles étaient mouillées. Elles n'étaient pas à elle.

Il l'attendait dans la cuisine. Il avait fait du thé dans sa théière et s'était assis à sa table comme s'il était chez lui. Elle resta sur le seuil et ne dit rien. Il leva les yeux. Il sourit. Elle le détesta pour ce sourire, et elle s'assit quand même.

Ils parlèrent jusqu'à la nuit. Il lui parla de la carte et elle écouta. Quand il partit, elle ferma la porte à clé, la vérifia deux fois, et pourtant elle ne dormit pas.`;

/** The same told in the present, with its passé composé for what came before ("elle l'a fermée la veille"). */
const PRESENT_FR = `La marée est basse quand Mara arrive au phare. Elle monte l'escalier de fer et s'arrête devant la porte de la lanterne. Elle est ouverte. Elle l'a fermée elle-même la veille ; elle le sait.

À l'intérieur, la lentille tourne lentement dans son berceau de laiton. Elle la regarde un moment. Puis elle traverse la pièce jusqu'au bureau et trouve le registre où elle l'a laissé, mais la dernière page a disparu. Quelqu'un l'a coupée avec une lame.

Elle redescend en comptant les marches comme elle le fait toujours, et en bas elle voit les bottes près de la porte. Elles sont mouillées. Elles ne sont pas à elle.

Il l'attend dans la cuisine. Il a fait du thé dans sa théière et s'est assis à sa table comme s'il était chez lui. Elle reste sur le seuil et ne dit rien. Il lève les yeux. Il sourit. Elle le déteste pour ce sourire, et elle s'assoit quand même.

Ils parlent jusqu'à la nuit. Il lui parle de la carte et elle écoute. Quand il part, elle ferme la porte à clé, la vérifie deux fois, et pourtant elle ne dort pas.`;

/** A first-person narrator in the passé composé, as much modern French fiction is told. */
const PASSE_COMPOSE = Array.from(
  { length: 4 },
  () =>
    "Je suis arrivée au phare avant la nuit. J'ai monté l'escalier de fer, je me suis arrêtée devant la porte. " +
    "Elle était ouverte. Je l'ai poussée et j'ai attendu. Il n'a rien dit. Il m'a regardée, puis il est sorti.",
).join('\n\n');

describe('tenseMismatch in French', () => {
  it('reads the passé simple and the imparfait as past, the présent as present, the passé composé as past', () => {
    expect(countTenses(PASSE_SIMPLE, 'fr')).toEqual({ past: expect.any(Number), present: 0 });
    expect(countTenses(PASSE_SIMPLE, 'fr').past).toBeGreaterThanOrEqual(20);
    const present = countTenses(PRESENT_FR, 'fr-FR');
    expect(present.present).toBeGreaterThanOrEqual(15);
    expect(present.past).toBeLessThan(present.present / 3);
    // Nine verbs a paragraph: "n'a rien dit" is one, its "rien" read past.
    expect(countTenses(PASSE_COMPOSE, 'fr')).toEqual({ past: 36, present: 0 });
  });

  it('finds a French section told in the other tense from the book', () => {
    expect(tenseMismatch(PRESENT_FR, 'fr', 'past')).toBe(
      'it is told in the present tense, and this book is told in the past',
    );
    expect(tenseMismatch(PASSE_SIMPLE, 'fr', 'present')).toBe(
      'it is told in the past tense, and this book is told in the present',
    );
    expect(tenseMismatch(PASSE_SIMPLE, 'fr', 'past')).toBeUndefined();
    expect(tenseMismatch(PASSE_COMPOSE, 'fr', 'past')).toBeUndefined();
  });

  it('takes "il y a des années" for "ago", and leaves speech out', () => {
    expect(
      countTenses('Il y a des années, elle avait quitté le port. Il y a trois jours, il était revenu.', 'fr'),
    ).toEqual({
      past: 2,
      present: 0,
    });
    expect(countTenses('« Je pars, dit-il. Je reviens demain. »\n\n— Il ment, je le sais.', 'fr')).toEqual({
      past: 0,
      present: 0,
    });
  });
});

/** A German story in the Präteritum, its verbs second as German puts them ("Dann stieg sie"). */
const PRAETERITUM = `Die Flut war niedrig, als Mara den Leuchtturm erreichte. Sie stieg die eiserne Treppe hinauf und blieb vor der Tür des Lampenraums stehen. Sie war offen. Am Abend zuvor hatte sie sie selbst verschlossen; sie wusste es genau.

Drinnen drehte sich die Linse langsam in ihrer Messingwiege. Eine Weile sah sie ihr zu. Dann ging sie zum Schreibtisch und fand das Logbuch, wo sie es gelassen hatte, aber die letzte Seite fehlte. Jemand hatte sie mit einer Klinge herausgeschnitten.

Sie stieg wieder hinunter und zählte die Stufen, wie sie es immer tat, und unten sah sie die Stiefel an der Tür. Sie waren nass. Sie gehörten nicht ihr.

Er wartete in der Küche. Er hatte Tee in ihrer Kanne gekocht und saß an ihrem Tisch, als gehörte er ihm. Sie blieb in der Tür stehen und sagte nichts. Er sah auf. Er lächelte. Sie hasste ihn für dieses Lächeln, und sie setzte sich trotzdem.

Sie redeten, bis das Licht schwand. Er erzählte ihr von der Karte, und sie hörte zu. Als er ging, schloss sie die Tür ab, prüfte sie zweimal, und trotzdem schlief sie nicht.`;

/** The same in the Präsens. */
const PRAESENS = `Die Flut ist niedrig, als Mara den Leuchtturm erreicht. Sie steigt die eiserne Treppe hinauf und bleibt vor der Tür des Lampenraums stehen. Sie ist offen. Am Abend zuvor hat sie sie selbst verschlossen; sie weiß es genau.

Drinnen dreht sich die Linse langsam in ihrer Messingwiege. Eine Weile sieht sie ihr zu. Dann geht sie zum Schreibtisch und findet das Logbuch, wo sie es gelassen hat, aber die letzte Seite fehlt. Jemand hat sie mit einer Klinge herausgeschnitten.

Sie steigt wieder hinunter und zählt die Stufen, wie sie es immer tut, und unten sieht sie die Stiefel an der Tür. Sie sind nass. Sie gehören nicht ihr.

Er wartet in der Küche. Er hat Tee in ihrer Kanne gekocht und sitzt an ihrem Tisch, als gehörte er ihm. Sie bleibt in der Tür stehen und sagt nichts. Er sieht auf. Er lächelt. Sie hasst ihn für dieses Lächeln, und sie setzt sich trotzdem.

Sie reden, bis das Licht schwindet. Er erzählt ihr von der Karte, und sie hört zu. Als er geht, schließt sie die Tür ab, prüft sie zweimal, und trotzdem schläft sie nicht.`;

describe('tenseMismatch in German', () => {
  it('reads the Präteritum as past and the Präsens as present, with the verb before or after the pronoun', () => {
    const past = countTenses(PRAETERITUM, 'de');
    expect(past.past).toBeGreaterThanOrEqual(20);
    expect(past.present).toBeLessThan(past.past / 4);
    const present = countTenses(PRAESENS, 'de-AT');
    expect(present.present).toBeGreaterThanOrEqual(20);
    expect(present.past).toBeLessThan(present.present / 4);
  });

  it('finds a German section told in the other tense from the book', () => {
    expect(tenseMismatch(PRAESENS, 'de', 'past')).toBe(
      'it is told in the present tense, and this book is told in the past',
    );
    expect(tenseMismatch(PRAETERITUM, 'de', 'present')).toBe(
      'it is told in the past tense, and this book is told in the present',
    );
    expect(tenseMismatch(PRAETERITUM, 'de', 'past')).toBeUndefined();
  });

  it('reads "ich warte" as the Präsens of a stem in -t, not a Präteritum like "ich sagte"', () => {
    const present = 'Ich warte am Fenster. Ich halte den Atem an. Dann antworte ich nicht, und ich öffne die Tür.';
    expect(countTenses(present, 'de')).toEqual({ past: 0, present: 4 });
    const past = 'Ich wartete am Fenster. Ich hielt den Atem an. Dann sagte ich nichts, und ich öffnete die Tür.';
    expect(countTenses(past, 'de')).toEqual({ past: 4, present: 0 });
  });

  it('takes the subjunctive for neither tense, and leaves speech out', () => {
    expect(countTenses('Sie würde gehen. Er hätte es gewusst. Wäre sie nur geblieben.', 'de')).toEqual({
      past: 0,
      present: 0,
    });
    expect(countTenses('„Ich gehe jetzt“, sagte er.\n\n– Sie kommt nicht, sagt er.', 'de')).toEqual({
      past: 1,
      present: 0,
    });
  });
});

/** A Spanish story in the preterite and the imperfect, its subjects mostly dropped as Spanish drops them. */
const PRETERITO = `La marea estaba baja cuando Marta llegó al faro. Subió la escalera de hierro y se detuvo ante la puerta de la linterna. Estaba abierta. La había cerrado ella misma la noche anterior; lo sabía.

Dentro, la lente giraba despacio en su cuna de latón. La miró un momento. Luego cruzó hasta el escritorio y encontró el cuaderno donde lo había dejado, pero faltaba la última página. Alguien la había cortado con una hoja.

Bajó otra vez contando los peldaños, como hacía siempre, y abajo vio las botas junto a la puerta. Estaban mojadas. No eran suyas.

Él la esperaba en la cocina. Había hecho té en su tetera y se sentaba a su mesa como si fuera suya. Ella se quedó en el umbral y no dijo nada. Él levantó la vista. Sonrió. Ella lo odió por esa sonrisa, y se sentó de todos modos.

Hablaron hasta que se fue la luz. Él le habló del mapa y ella escuchó. Cuando se marchó, cerró la puerta con llave, la comprobó dos veces, y aun así no durmió.`;

/** The same in the present. */
const PRESENTE = `La marea está baja cuando Marta llega al faro. Sube la escalera de hierro y se detiene ante la puerta de la linterna. Está abierta. La ha cerrado ella misma la noche anterior; lo sabe.

Dentro, la lente gira despacio en su cuna de latón. La mira un momento. Luego cruza hasta el escritorio y encuentra el cuaderno donde lo ha dejado, pero falta la última página. Alguien la ha cortado con una hoja.

Baja otra vez contando los peldaños, como hace siempre, y abajo ve las botas junto a la puerta. Están mojadas. No son suyas.

Él la espera en la cocina. Ha hecho té en su tetera y se sienta a su mesa como si fuera suya. Ella se queda en el umbral y no dice nada. Él levanta la vista. Sonríe. Ella lo odia por esa sonrisa, y se sienta de todos modos.

Hablan hasta que se va la luz. Él le habla del mapa y ella escucha. Cuando se marcha, cierra la puerta con llave, la comprueba dos veces, y aun así no duerme.`;

describe('tenseMismatch in Spanish', () => {
  it('reads the preterite and the imperfect as past and the present as present, without subject pronouns', () => {
    const past = countTenses(PRETERITO, 'es');
    expect(past.past).toBeGreaterThanOrEqual(20);
    expect(past.present).toBeLessThan(past.past / 4);
    const present = countTenses(PRESENTE, 'es-MX');
    expect(present.present).toBeGreaterThanOrEqual(15);
    expect(present.past).toBeLessThan(present.present / 4);
    expect(tenseMismatch(PRESENTE, 'es', 'past')).toBe(
      'it is told in the present tense, and this book is told in the past',
    );
    expect(tenseMismatch(PRETERITO, 'es', 'past')).toBeUndefined();
  });

  it('leaves speech out: a dialogue line opens with a dash', () => {
    expect(countTenses('—Vete ya —dice él—. Llega tarde y espera.\n\n—No —responde ella.', 'es')).toEqual({
      past: 0,
      present: 0,
    });
  });
});

describe('tenseSlipped (a revision edit in the other tense)', () => {
  const [pastParagraph = '', presentParagraph = ''] = [PAST.split('\n\n')[3], PRESENT.split('\n\n')[3]];

  it('finds a paragraph told in the other tense where the one it replaces was not', () => {
    expect(tenseSlipped(pastParagraph, presentParagraph, 'en', 'past')).toBe(true);
    expect(tenseSlipped(presentParagraph, pastParagraph, 'en', 'present')).toBe(true);
    expect(tenseSlipped(pastParagraph, pastParagraph, 'en', 'past')).toBe(false);
  });

  it('leaves an edit alone when the paragraph it replaces was told that way too, or has too few verbs to say', () => {
    expect(tenseSlipped(presentParagraph, presentParagraph, 'en', 'past')).toBe(false);
    expect(tenseSlipped(pastParagraph, 'She waits. He smiles.', 'en', 'past')).toBe(false);
    expect(tenseSlipped(pastParagraph, presentParagraph, 'ja', 'past')).toBe(false);
  });
});
