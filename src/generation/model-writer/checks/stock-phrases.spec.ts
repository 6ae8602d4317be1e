import {
  findStockPhrases,
  stockPhraseProblem,
  stockPhrasesIn,
  withoutNewStockSentences,
  withoutStockSentences,
} from './stock-phrases';

describe('stockPhrasesIn', () => {
  it.each([
    ['A shiver ran down her spine as the door opened.', 'shiver ran down her spine'],
    ["She couldn't help but look back at the water.", "couldn't help but"],
    ["Mara let out a breath she didn't know she was holding.", "breath she didn't know"],
    ['His voice was barely above a whisper.', 'barely above a whisper'],
    ['She felt a mix of fear and relief.', 'a mix of fear'],
    ['The tension in the room was palpable.', 'palpable'],
    ['The air was thick with salt and smoke.', 'The air was thick with'],
    ['A wave of relief washed over him.', 'A wave of relief washed over'],
    ['Her heart pounded in her chest.', 'heart pounded in her chest'],
    ['The question hung heavy in the air.', 'hung heavy in the air'],
    ['A small smile tugged at the corner of her mouth.', 'smile tugged at the corner of her mouth'],
    ['For what felt like an eternity, nobody moved.', 'For what felt like an eternity'],
    ['Shadows danced across the walls of the tower.', 'Shadows danced across'],
    ['She felt a pang of guilt.', 'a pang of guilt'],
  ])('finds the stock phrase in "%s"', (paragraph, phrase) => {
    expect(stockPhrasesIn(paragraph)).toEqual([phrase]);
  });

  it.each([
    'She mixed flour and water in a chipped blue bowl.',
    'The keeper climbed the ninety steps and trimmed the wick.',
    'A wave broke over the harbour wall and soaked the nets.',
    'Her heart was not in it, and she said so.',
  ])('leaves plain narration alone: "%s"', (paragraph) => {
    expect(stockPhrasesIn(paragraph)).toEqual([]);
  });

  it('reads the narration, not what characters say', () => {
    expect(stockPhrasesIn('"I couldn\'t help but laugh," Hale said, and the tension was palpable.')).toEqual([
      'palpable',
    ]);
  });
});

describe('findStockPhrases', () => {
  const plain = 'Mara trimmed the wick and wrote the hour in the log.';
  const heavy = [
    'A shiver ran down her spine.',
    plain,
    'The air was thick with salt. A wave of dread washed over her.',
    plain,
  ];

  it('names the sections whose narration leans on stock phrases, with the paragraphs they are in', () => {
    const { sections, uses } = findStockPhrases(
      [
        { number: 1, paragraphs: [plain, 'She felt a pang of guilt.'], words: 400 },
        { number: 2, paragraphs: heavy, words: 400 },
      ],
      'en',
    );
    expect(uses).toBe(4);
    expect(sections).toEqual([
      {
        number: 2,
        phrases: ['shiver ran down her spine', 'the air was thick with', 'a wave of dread washed over'],
        paragraphs: [1, 3],
        uses: 3,
      },
    ]);
  });

  it('lets a long section use more before it is revised: one per 1,000 words is a writer’s choice', () => {
    expect(findStockPhrases([{ number: 1, paragraphs: heavy, words: 4_000 }], 'en').sections).toEqual([]);
  });

  it('sends at most four sections, the densest first', () => {
    const sections = [1, 2, 3, 4, 5, 6].map((number) => ({ number, paragraphs: heavy, words: 300 + number * 100 }));
    expect(findStockPhrases(sections, 'en').sections.map((section) => section.number)).toEqual([1, 2, 3, 4]);
  });

  it('reads English and French, each by its own list, where the stock forms are known', () => {
    expect(findStockPhrases([{ number: 1, paragraphs: heavy, words: 400 }], 'fr')).toEqual({ sections: [], uses: 0 });
    expect(findStockPhrases([{ number: 1, paragraphs: heavy, words: 400 }], 'it')).toEqual({ sections: [], uses: 0 });
    const lourd = [
      'Un frisson lui parcourut l’échine quand la porte s’ouvrit.',
      'Elle ne put s’empêcher de regarder la mer, et l’air était chargé de sel.',
      'Sa voix, à peine plus qu’un murmure, se perdit dans le vent.',
    ];
    expect(findStockPhrases([{ number: 2, paragraphs: lourd, words: 400 }], 'fr-FR')).toEqual({
      sections: [
        {
          number: 2,
          phrases: [
            'un frisson lui parcourut l’échine',
            'put s’empêcher de',
            'l’air était chargé de',
            'à peine plus qu’un murmure',
          ],
          paragraphs: [1, 2, 3],
          uses: 4,
        },
      ],
      uses: 4,
    });
  });
});

describe('stockPhraseProblem', () => {
  it('quotes the phrases and places them, and asks for words of the scene', () => {
    const problem = stockPhraseProblem({
      number: 2,
      phrases: ['palpable', 'a pang of guilt'],
      paragraphs: [3, 8],
      uses: 3,
    });
    expect(problem).toContain('"palpable", "a pang of guilt" (paragraphs 3 and 8)');
    expect(problem).toContain('words that belong to this scene');
  });
});

describe('the stock phrases of a subject book', () => {
  it.each([
    ["In today's fast-paced world, saving is hard.", "In today's fast-paced world"],
    ["Let's dive in.", "Let's dive in"],
    ["It's important to note that fees compound too.", "It's important to note that"],
    ["Whether you're a beginner or an expert, start small.", "Whether you're a beginner or an"],
    ['Habit plays a crucial role in saving.', 'plays a crucial role'],
    ['In conclusion, start early.', 'In conclusion,'],
    ["Saving isn't just about money; it's about freedom.", "isn't just about money; it's"],
    ['A budget is not only a habit, but a skill.', 'is not only a habit, but'],
  ])('finds the stock phrase in "%s"', (paragraph, phrase) => {
    expect(stockPhrasesIn(paragraph, 'subject')).toEqual([phrase]);
  });

  it('takes "not just" for the stock contrast only when the contrast follows', () => {
    expect(stockPhrasesIn('A budget is not just a theory. Try it for a month.', 'subject')).toEqual([]);
  });

  it("reads quotations too (a subject book has no characters), and not a story's phrases", () => {
    expect(stockPhrasesIn('"Let\'s dive in," the trainer says.', 'subject')).toEqual(["Let's dive in"]);
    expect(stockPhrasesIn('A shiver ran down her spine.', 'subject')).toEqual([]);
  });

  it('asks for the plain claim, not for a scene', () => {
    const problem = stockPhraseProblem({ number: 1, phrases: ["let's dive in"], paragraphs: [2], uses: 3 }, 'subject');
    expect(problem).toContain('The text uses 3 stock phrases readers know from machine-written prose');
    expect(problem).toContain('the claim, the step or the example itself');
  });
});

describe('withoutStockSentences', () => {
  it('drops the sentences that use a stock phrase, and a paragraph left empty', () => {
    expect(
      withoutStockSentences(
        'Mara climbed the stairs. A shiver ran down her spine. "Who is there?" she asked.\n\nShe felt a pang of guilt.\n\nThe lamp was out.',
        'en',
      ),
    ).toBe('Mara climbed the stairs. "Who is there?" she asked.\n\nThe lamp was out.');
  });

  it('leaves a text in a language the list is not written in as it is', () => {
    expect(withoutStockSentences('Elle eut un frisson.', 'fr')).toBe('Elle eut un frisson.');
  });
});

describe('the stock phrases of French, Spanish and German books', () => {
  it.each([
    [
      'es',
      'story',
      'Un escalofrío le recorrió la espalda cuando se abrió la puerta.',
      'Un escalofrío le recorrió la espalda',
    ],
    ['es', 'story', 'No pudo evitar mirar hacia el mar.', 'No pudo evitar'],
    ['es', 'story', 'El aire estaba cargado de sal y humo.', 'El aire estaba cargado de'],
    ['es', 'story', 'Su voz era apenas un susurro.', 'apenas un susurro'],
    ['de', 'story', 'Ein kalter Schauer lief ihr über den Rücken.', 'Ein kalter Schauer lief ihr über den Rücken'],
    ['de', 'story', 'Sie konnte nicht anders, als zur Tür zu sehen.', 'konnte nicht anders, als'],
    ['de', 'story', 'Die Luft war erfüllt von Salz und Rauch.', 'Die Luft war erfüllt von'],
    ['de', 'story', 'Ihre Stimme war kaum mehr als ein Flüstern.', 'kaum mehr als ein Flüstern'],
    ['fr', 'subject', 'Que vous soyez débutant ou expert, la méthode fonctionne.', 'Que vous soyez débutant ou'],
    ['fr', 'subject', 'Il est important de noter que les petits pas comptent.', 'Il est important de noter que'],
    ['es', 'subject', 'Ya seas principiante o experto, el método funciona.', 'Ya seas principiante o'],
    ['es', 'subject', 'Así es como liberas todo tu potencial.', 'liberas todo tu potencial'],
    ['de', 'subject', 'Die Routine spielt eine entscheidende Rolle.', 'spielt eine entscheidende Rolle'],
    [
      'de',
      'subject',
      'In der heutigen schnelllebigen Welt ist das wichtiger denn je.',
      'In der heutigen schnelllebigen Welt',
    ],
  ] as const)('finds in a %s %s book "%s"', (language, kind, text, found) => {
    expect(stockPhrasesIn(text, kind, language)).toEqual([found]);
  });

  it.each([
    ['es', 'Mara cerró el cuaderno y bajó al puerto antes de que subiera la marea.'],
    ['de', 'Mara schloss das Notizbuch und ging zum Hafen hinunter, bevor die Flut kam.'],
  ])('leaves plain narration in %s alone', (language, paragraph) => {
    expect(stockPhrasesIn(paragraph, 'story', language)).toEqual([]);
  });
});

describe('withoutNewStockSentences', () => {
  const before = 'The tension in the room was palpable. Mara read the letter twice.';

  it("drops the sentences of a reviser's paragraph that bring in a stock phrase, and keeps the rest", () => {
    const after =
      'The tension was palpable. Mara read it twice. A shiver ran down her spine. She folded it.\n\nShe left.';
    expect(withoutNewStockSentences(before, after, 'en')).toBe(
      'The tension was palpable. Mara read it twice. She folded it.\n\nShe left.',
    );
  });

  it('drops a summing-up the reviser brought into a story, and keeps one the paragraph had', () => {
    const after = 'Mara read it twice. Little did she know what waited below. She folded it.';
    expect(withoutNewStockSentences('Mara read it.', after, 'en')).toBe('Mara read it twice. She folded it.');
    expect(withoutNewStockSentences('Little did she know.', after, 'en')).toBe(after);
  });

  it('keeps a sentence with speech in it, which a cut would leave half-quoted', () => {
    const after = '"Stop. I couldn\'t help but look," she said. A shiver ran down her spine.';
    expect(withoutNewStockSentences('Mara looked.', after, 'en')).toBe('"Stop. I couldn\'t help but look," she said.');
  });

  it('reads a subject book by its own list, and leaves another language as it is', () => {
    expect(withoutNewStockSentences('Sleep matters.', "Sleep matters. Let's dive in.", 'en', 'subject')).toBe(
      'Sleep matters.',
    );
    // A French book by the French list: its cliché goes, an English one is not French to it.
    const french = 'Un frisson lui parcourut le dos. A shiver ran down her spine.';
    expect(withoutNewStockSentences('Rien.', french, 'fr')).toBe('A shiver ran down her spine.');
    expect(withoutNewStockSentences('Niente.', french, 'it')).toBe(french);
  });
});
