import { isNarratorProblem, narratorNamedAsOther, personMismatch, statedPerson } from './narration-person';

/** About 300 words of narration in one person, with speech in the other. */
function told(narrator: 'I' | 'She', language: 'en' = 'en'): string {
  const sentences =
    narrator === 'I'
      ? ['I walked down to the pier with my lantern.', 'The wind pulled at my coat and I kept going.']
      : ['She walked down to the pier with her lantern.', 'The wind pulled at her coat and she kept going.'];
  const speech = narrator === 'I' ? '"She never came back," he said.' : '"I never came back," he said.';
  void language;
  return Array.from({ length: 14 }, (_, index) =>
    [sentences[index % 2], 'The lamps along the harbour were lit one by one as the tide came in.', speech].join(' '),
  ).join('\n\n');
}

describe('statedPerson', () => {
  it.each([
    ['close third person on Mara', 'third'],
    ['Third-person limited, past tense', 'third'],
    ['omniscient narrator', 'third'],
    ['first person, Mara, past tense', 'first'],
    ['troisième personne, au plus près de Maëlle', 'third'],
    ['à la première personne', 'first'],
    ['Ich-Erzähler, Vergangenheit', 'first'],
    ['dritte Person, nah bei Jonas', 'third'],
  ])('reads "%s" as %s', (pointOfView, person) => {
    expect(statedPerson(pointOfView)).toBe(person);
  });

  it.each(['Mara Quill', 'alternating first person (Mara) and third person (Hale)', '', undefined])(
    'names no single person in %p',
    (pointOfView) => {
      expect(statedPerson(pointOfView)).toBeUndefined();
    },
  );
});

describe('personMismatch', () => {
  it('finds first-person narration in a third-person book, and the reverse', () => {
    expect(personMismatch(told('I'), 'en', 'third')).toBe(
      'it is narrated in the first person, and this book is narrated in the third',
    );
    expect(personMismatch(told('She'), 'en', 'first')).toBe(
      'it is narrated in the third person, and this book is narrated in the first',
    );
    expect(isNarratorProblem(personMismatch(told('I'), 'en', 'third') ?? '')).toBe(true);
    expect(isNarratorProblem('a paragraph is repeated word for word')).toBe(false);
  });

  it('reads narration only: "I" in speech, in any quotation marks or after a dash, is a character talking', () => {
    expect(personMismatch(told('She'), 'en', 'third')).toBeUndefined();
    const dashed = told('She').replace(/"I never came back," he said\./g, '\n\n— I never came back, he said.');
    const french = Array.from(
      { length: 30 },
      () => 'Elle marchait vers la jetée avec sa lanterne.\n\n— Je ne reviendrai pas, dit-il. Je le jure.',
    ).join('\n\n');
    expect(personMismatch(dashed, 'en', 'third')).toBeUndefined();
    expect(personMismatch(french, 'fr', 'third')).toBeUndefined();
    expect(
      personMismatch(
        french.replace(/Elle marchait vers la jetée avec sa/g, "J'allais vers la jetée avec ma"),
        'fr',
        'third',
      ),
    ).toMatch(/first person/);
  });

  it('says nothing of short texts or of languages whose pronouns it does not know', () => {
    expect(personMismatch('I walked to the pier. I saw the boat.', 'en', 'third')).toBeUndefined();
    expect(personMismatch(told('I'), 'es', 'third')).toBeUndefined();
  });
});

describe('narratorNamedAsOther (a first-person narrator made the subject by name)', () => {
  it('finds the name where it acts: a sentence or paragraph start, a speech tag, after a conjunction', () => {
    const text =
      'Mara walked to the window.\n\n"Go home," Mara said, and Mara slowly turned away while I watched. ' +
      'The tide came in; Mara Quill knew it would.';
    expect(narratorNamedAsOther(text, 'en', 'Mara Quill')).toEqual([
      'Mara Quill knew',
      'Mara walked',
      'Mara said',
      'Mara slowly turned',
    ]);
    // Given only "Mara", "Mara Quill knew" is a name followed by a name, not a clause: three.
    expect(narratorNamedAsOther(text, 'en', 'Mara')).toEqual(['Mara walked', 'Mara said', 'Mara slowly turned']);
  });

  it('leaves the name as an object, a name given, and speech: a first-person narrator is called by name there', () => {
    const text =
      'I told Mara nothing. He called me Mara, as my mother did. My name is Mara and I keep the light. ' +
      '"Mara, come in," he said. "Mara knows," said Tomas.';
    expect(narratorNamedAsOther(text, 'en', 'Mara')).toEqual([]);
  });

  it('reads French, German and Spanish narration too, by their own conjunctions and speech marks', () => {
    expect(
      narratorNamedAsOther(
        'Maëlle marchait vers la jetée. Je la suivais, et Maëlle écouta. « Viens », dit Maëlle. Je vis Maëlle.',
        'fr',
        'Maëlle',
      ),
    ).toEqual(['Maëlle marchait', 'Maëlle écouta']);
    expect(
      narratorNamedAsOther(
        'Mara ging zum Hafen, als Mara den Brief fand. „Komm“, sagte Mara. Ich sah Mara.',
        'de',
        'Mara',
      ),
    ).toEqual(['Mara ging', 'Mara den']);
    // Spanish sets speech after a dash, in paragraphs of its own; "a Marta" and "de Marta" are no subject.
    expect(
      narratorNamedAsOther(
        'Marta caminó hasta el faro, mientras Marta esperaba a Tomás. Tomás miró a Marta.\n\n' +
          '—Ven —dijo Marta.\n\nLa carta de Marta seguía allí, y Marta se sentó junto al fuego.',
        'es',
        'Marta',
      ),
    ).toEqual(['Marta caminó', 'Marta esperaba', 'Marta se']);
    expect(narratorNamedAsOther('Ana Lucía abrió la puerta.', 'ja', 'Ana')).toEqual([]);
  });
});
