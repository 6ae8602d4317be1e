/**
 * The textbook's lessons: a progression that works for any subject, because
 * it teaches how to learn that subject (orient, name, break down, find out,
 * weigh, solve, practise, correct, apply, connect, explain, review) rather
 * than facts the engine does not have. Worked examples and asides happen in
 * the style's world and say that they are illustrations.
 *
 * Slots beyond the world's (nonfiction-shared.ts, sectionSlots): `subject`,
 * `Subject`, `aim`, `learn`, `subject.is|has|it|its|them`, people `p`, `q`,
 * `r` (with `.full`, `.role`, `.he`, `.him`, `.his`, `.self`), places `here`
 * and `there`, section titles `title`, `next`, `previous`, `last`.
 */

export type LessonStep =
  | 'orientation'
  | 'vocabulary'
  | 'parts'
  | 'methods'
  | 'evidence'
  | 'problems'
  | 'practice'
  | 'mistakes'
  | 'applying'
  | 'connecting'
  | 'explaining'
  | 'review';

/** The order of lessons for each model: 3.0 adds evidence, practice, connecting and explaining. */
export const LESSON_PLANS: Record<'2.0' | '3.0', readonly LessonStep[]> = {
  '2.0': ['orientation', 'vocabulary', 'parts', 'methods', 'problems', 'mistakes', 'applying', 'review'],
  '3.0': [
    'orientation',
    'vocabulary',
    'parts',
    'methods',
    'evidence',
    'problems',
    'practice',
    'mistakes',
    'applying',
    'connecting',
    'explaining',
    'review',
  ],
};

export interface WorkedExample {
  /** Heading text after "Worked example: ". */
  title: string;
  /** Who, where and what they want: sentences of one paragraph. */
  setup: readonly string[];
  /** The method, one step per list item. */
  steps: readonly string[];
  /** What came of it: sentences of one paragraph. */
  result: readonly string[];
  /** A question about this example, with its answer. */
  exercise: readonly [string, string];
}

export interface LessonMaterial {
  titles: readonly string[];
  /** Infinitive phrases without "to": what the reader will be able to do. */
  objectives: readonly string[];
  headings: readonly string[];
  explain: readonly (readonly string[])[];
  subheadings: readonly string[];
  deeper: readonly (readonly string[])[];
  examples: readonly WorkedExample[];
  keyPoints: readonly string[];
  exercises: readonly (readonly [string, string])[];
  summaries: readonly (readonly string[])[];
  /** Terms this lesson introduces: they make up the glossary. */
  terms: readonly (readonly [string, string])[];
}

export const LESSONS: Record<LessonStep, LessonMaterial> = {
  orientation: {
    titles: [
      'What [Subject] [subject.is] and Why [subject.it] [subject.matters]',
      'Getting Your Bearings in [Subject]',
      'First Steps: A Map of [Subject]',
    ],
    objectives: [
      'describe in your own words what [subject] deal[subject.s] with and why people study [subject.them]',
      'write a first working definition of [subject] and say how you will test it',
      'list the questions you want this course to answer',
      'sketch a rough map of [subject]: its main areas and how they connect',
      'explain why a working definition is more useful than a perfect one at the start',
    ],
    headings: ['Where to begin', 'Asking the big questions', 'A map before the journey'],
    explain: [
      [
        'Every subject begins as a fog of names and half-heard ideas.',
        'The first job of a learner is not to memorise but to get oriented: to know roughly what [subject] deal[subject.s] with, what questions [subject.it] raise[subject.s], and why anyone cares about the answers.',
        'Once you have that map, every later detail has somewhere to go.',
      ],
      [
        'A useful way in is to ask three questions.',
        'What does the study of [subject] deal with: which things, events, skills or ideas?',
        'What does it try to find out, make or do?',
        'And who uses it, and for what?',
        'Your first answers will be rough. That is fine: rough answers give you something to correct.',
      ],
      [
        'Start with a working definition, written in your own words, one or two sentences long.',
        'A working definition is not a final answer; it is a tool.',
        'You will test it against every new thing you learn and revise it when it fails.',
        'Learners who wait for a perfect definition before they start tend never to start at all.',
      ],
      [
        'It also helps to say why [subject] matter[subject.s] to you in particular.',
        'Perhaps you need it for work, perhaps you are curious, perhaps someone you admire talks about it.',
        'Write the reason down. On the difficult days later in the course, that sentence will be worth more than any summary.',
      ],
      [
        'Notice, too, what you already know.',
        'Almost nobody starts from nothing: you have heard words, seen examples and formed opinions about [subject].',
        'Some of that will turn out to be right and some wrong, but all of it is a starting point, and naming it makes it easier to check.',
      ],
    ],
    subheadings: ['Your questions, written down', 'What you already know', 'Why a rough map is enough'],
    deeper: [
      [
        'Before you read further, write down five questions you hope this course will answer about [subject].',
        'Keep the list. In the last lesson you will come back to it, and you may be surprised how many of the questions have changed.',
        'Changing questions are a sign of learning, not of failure.',
      ],
      [
        'Take two minutes and write everything you already believe about [subject], without checking anything.',
        'Mark each item “sure”, “think so” or “heard somewhere”.',
        'This list is your baseline; later lessons give you ways to test each line of it.',
      ],
      [
        'Maps of a new subject are always wrong in the details.',
        'That does not make them useless: a rough map tells you which way to walk, and walking is how you find out where the map is wrong.',
        'Treat your first sketch of [subject] as a draft you expect to redraw.',
      ],
    ],
    examples: [
      {
        title: '[p] maps [subject] at [here]',
        setup: [
          '[^p.full], [p.role], wants to [p.learn] and has a spare hour each evening at [here].',
          '[^p.he] starts with a single sheet of paper and a stub of pencil.',
        ],
        steps: [
          'Write “[subject]” in the middle of the page and circle it.',
          'Around it, write every word [p.he] already connects with the subject, without judging any of them.',
          'Group the words into three or four clusters and give each cluster a name.',
          'Under each cluster, write one question [p.he] cannot yet answer.',
          'Write a one-sentence working definition at the bottom of the page, and date it.',
        ],
        result: [
          'The result is a rough but honest map: a handful of areas, an open question for each, and a definition [p] expects to change.',
          'Nothing on the page is certain yet, and that is the point: each later lesson now has a place to land.',
        ],
        exercise: [
          'In the example with [p], why did [p.he] write an open question under each cluster?',
          'Because questions turn a map into a plan. Each one marks a gap that later study must fill, and as the gaps close [p] can see real progress instead of a vague feeling of having read a lot.',
        ],
      },
      {
        title: '[p] explains [subject] to [q]',
        setup: [
          '[^q.full], [q.role], asks [p] at [here] what [subject] [subject.is] really about, and [p] realises [p.he] cannot say it in one breath.',
          'So [p.he] builds a working definition on the spot.',
        ],
        steps: [
          'Say what kind of thing [subject] [subject.is]: a field of study, a skill, a practice, an event, an object or an idea.',
          'Add what the subject deals with, in plain words.',
          'Add what the subject is for: what people use it to do or to understand.',
          'Say the sentence aloud to [q] and ask which word was unclear.',
          'Replace that word with a plainer one, keeping the old version for comparison.',
        ],
        result: [
          '[^p]’s second version is shorter than the first, and clearer.',
          '[^q] can repeat it back in [q.his] own words, which is the best test of a working definition there is.',
        ],
        exercise: [
          'In the example with [p], why did [p.he] ask [q] which word was unclear, rather than whether the definition was right?',
          'Because a listener can always tell you what confused them, but rarely whether a definition is correct. Finding the unclear word gives [p] something specific to fix.',
        ],
      },
    ],
    keyPoints: [
      'A rough map and a working definition of [subject] are better starting points than a perfect definition you never write.',
      'Orientation comes first: know what [subject] deal[subject.s] with, what questions [subject.it] raise[subject.s], and why [subject.it] matter[subject.s] to you.',
      'Write your starting beliefs down; you cannot check what you have not named.',
    ],
    exercises: [
      [
        'Write a working definition of [subject] in no more than two sentences.',
        'Answers will vary. A strong working definition has three parts: what kind of thing the subject is, what it deals with, and what it is for. Check yours against all three and add whatever is missing.',
      ],
      [
        'List five questions you would like this course to answer about [subject].',
        'Answers will vary. Good questions are specific enough to be answered (“how does … work?”, “why does … happen?”) rather than vague (“what is it all about?”). Keep the list: the last lesson, “[last]”, returns to it.',
      ],
      [
        'Why is it a mistake to wait for a perfect definition before starting?',
        'Because a definition can only be improved by testing it against examples, and you cannot test one you have not written. A rough definition revised often gets you further than a perfect one that never exists.',
      ],
      [
        'Name one reason [subject] matter[subject.s] to you, and one person who might benefit if you understood it better.',
        'Answers will vary. The point is motivation: a concrete reason and a concrete person make it easier to keep going when the material gets hard.',
      ],
      [
        'Write down three things you currently believe about [subject] and mark each “sure”, “think so” or “heard somewhere”.',
        'Answers will vary. Most beginners find that very little belongs under “sure”. That is a useful discovery: it shows you where to look first.',
      ],
      [
        'What is the difference between a map of a subject and a summary of it?',
        'A summary tells you what is true; a map tells you where things are and how they connect. At the start you need the map, because you do not yet know which truths matter.',
      ],
    ],
    summaries: [
      [
        'In this lesson you made a start: a working definition of [subject], a rough map of its areas and a list of questions.',
        'None of it is finished, and none of it should be.',
        'Next, in “[next]”, you will build the vocabulary that lets you say more exactly what you mean.',
      ],
      [
        'The first step in any subject is orientation.',
        'You now have a map, a definition and a reason, which is more than most people bring to [subject].',
        'Keep all three close; “[next]” puts them to work.',
      ],
    ],
    terms: [
      [
        'working definition',
        'A short definition in your own words, used as a tool and revised as you learn, as opposed to a definition memorised and never tested.',
      ],
      [
        'concept map',
        'A diagram that puts a subject in the middle and links its parts and ideas around it, used to see how a subject hangs together.',
      ],
      [
        'baseline',
        'A record of what you believed before you started studying, kept so that you can check it later and see what changed.',
      ],
    ],
  },

  vocabulary: {
    titles: ['The Vocabulary of [Subject]', 'Words That Do the Work', 'Naming Things Precisely'],
    objectives: [
      'build a working glossary of the key terms of [subject]',
      'define a term with an example and a non-example',
      'tell the everyday meaning of a word from its specialist meaning',
      'use new terms correctly in sentences of your own',
      'spot when two words are being used for one idea, or one word for two ideas',
    ],
    headings: ['Why words come first', 'Learning a specialist language', 'Terms as tools'],
    explain: [
      [
        'Every field has its own vocabulary, and [subject] [subject.is] no exception.',
        'Specialist words are not there to keep outsiders out; they exist because everyday language is too blurry for the distinctions the field needs to make.',
        'Learning the vocabulary is learning to see those distinctions.',
      ],
      [
        'A good way to learn a term is to collect four things about it: the word itself, a definition in your own words, an example, and a non-example, something that looks similar but does not count.',
        'The non-example is the part most learners skip, and it is the part that does the most work, because it shows you where the edges of the idea are.',
      ],
      [
        'Beware of words that have an everyday meaning and a specialist one.',
        'In ordinary talk a word can be loose; in [subject] the same word may have a narrow, exact sense.',
        'When a sentence in a textbook seems strangely wrong, check first whether a familiar word is being used in its specialist meaning.',
      ],
      [
        'Do not try to learn every term at once.',
        'Start with the handful that come up again and again, the ones without which no sentence about [subject] makes sense.',
        'The rarer words can wait until you meet them in context, where they are easier to remember anyway.',
      ],
      [
        'A term is learned when you can use it, not when you can recite its definition.',
        'Test yourself by writing a sentence that uses the term correctly about something you have not read about.',
        'If you can do that, the word belongs to you.',
      ],
    ],
    subheadings: ['Examples and non-examples', 'Everyday words with special meanings', 'Keeping a glossary that works'],
    deeper: [
      [
        'Suppose a term names a category.',
        'Your example should be an obvious member; your non-example should be a near miss, something a beginner might wrongly include.',
        'Explaining why the near miss does not count is often the moment the idea becomes clear.',
      ],
      [
        'Keep a list of words you have met in both senses, everyday and specialist.',
        'Write the two meanings side by side.',
        'Over time this list becomes one of the most useful pages in your notes on [subject], because it records exactly the places where confusion is likely.',
      ],
      [
        'A working glossary is a living document.',
        'Date each entry, and when your understanding of a term changes, do not erase the old definition: cross it out and write the new one beneath.',
        'The crossings-out are a record of what you have learned.',
      ],
    ],
    examples: [
      {
        title: '[p]’s glossary of [subject]',
        setup: [
          'At [here], [p.full], [p.role], keeps hearing words about [subject] that [p.he] half understands.',
          'Rather than nod along, [p.he] decides to build a working glossary.',
        ],
        steps: [
          'Collect every unfamiliar term from one page, or one conversation, about [subject].',
          'For each term, copy the sentence it appeared in, so the context travels with the word.',
          'Write a first definition in plain words, then check it against a reliable reference and correct it.',
          'Add one example and one non-example for each term.',
          'Sort the terms into groups: things, processes and qualities.',
        ],
        result: [
          '[^p] ends the evening with a single page of terms [p.he] can actually use.',
          'The sorting step turns out to matter most: seeing which words name things and which name processes shows [p.him] how the subject moves.',
        ],
        exercise: [
          'Why did [p] copy down the sentence each term appeared in?',
          'Because context shows how a word is actually used, which a bare definition cannot. The sentence also helps [p] remember where the word came from and check later whether the definition fits.',
        ],
      },
      {
        title: '[p] and the word that meant two things',
        setup: [
          '[^p.full], [p.role], and [q] argue for half an hour at [here] about a point of [subject], until [q] notices they are using one word in two different senses.',
        ],
        steps: [
          'Stop the argument and write the disputed word down.',
          'Each person writes what they mean by it, in one sentence.',
          'Compare the two sentences and name the difference.',
          'Agree on two separate words, or on a qualifier, for the two meanings.',
          'Restart the argument using the new terms.',
        ],
        result: [
          'The argument is over in five minutes: [p] and [q] had agreed all along and were talking past each other.',
          'It is one of the most common discoveries in any subject, and one of the most satisfying.',
        ],
        exercise: [
          'What did [p] and [q] do that ended their argument, and why did it work?',
          'They wrote down what each of them meant by the disputed word. Once the two meanings were on paper, the difference was visible and could be named, and the disagreement turned out to be about words rather than about [subject].',
        ],
      },
    ],
    keyPoints: [
      'Learn each term with a definition, an example and a non-example; the non-example shows where the idea ends.',
      'A word is yours when you can use it correctly in a new sentence, not when you can recite its definition.',
      'When a sentence about [subject] seems wrong, check whether a familiar word has a specialist meaning.',
    ],
    exercises: [
      [
        'Choose one term you have met in connection with [subject]. Write a definition, an example and a non-example.',
        'Answers will vary. Check that the non-example is a near miss, something a beginner might mistake for an example, and that your definition explains why it does not count.',
      ],
      [
        'Why is a non-example useful when learning a new term?',
        'Because it marks the boundary of the idea. An example shows what belongs; a near-miss non-example shows what does not, and the reason it does not is usually the heart of the definition.',
      ],
      [
        'Find a word that has one meaning in everyday speech and a narrower one in [subject]. Write both meanings.',
        'Answers will vary. If you cannot find one yet, keep looking as you read: nearly every field has several, and they are a common source of confusion.',
      ],
      [
        'Write three sentences that use a new term correctly, each about a different situation.',
        'Answers will vary. If all three sentences feel like the same sentence, try situations that are further apart; using a term in unfamiliar settings is the real test of understanding.',
      ],
      [
        'How should you change a glossary entry when your understanding of the term improves?',
        'Cross out the old definition rather than erasing it, and write the new one beneath with a date. The record of the change is useful: it shows what you misunderstood and how you corrected it.',
      ],
      [
        'Which terms should a beginner learn first?',
        'The ones that appear most often and without which no sentence about the subject makes sense. Rarer terms are easier to learn later, in context.',
      ],
    ],
    summaries: [
      [
        'Vocabulary is the first real tool of [subject]: you cannot think clearly about distinctions you cannot name.',
        'You now have a method for learning terms (definition, example, non-example, use) and the start of a working glossary.',
        'In “[next]”, you will use those words to take the subject apart.',
      ],
      [
        'This lesson gave you a way to learn the language of [subject] one term at a time, and a warning about familiar words with specialist meanings.',
        'Keep adding to your glossary as you go; the one at the back of this book is a starting point, not a limit.',
        'Next comes “[next]”.',
      ],
    ],
    terms: [
      [
        'non-example',
        'Something that looks like an example of a term but does not count as one; used to show where the term’s meaning ends.',
      ],
      [
        'specialist meaning',
        'The narrow, exact sense a word carries inside a field, which may differ from its looser everyday sense.',
      ],
      [
        'glossary',
        'A list of the terms of a subject with their definitions; in this course, a living document that you keep and revise.',
      ],
    ],
  },

  parts: {
    titles: ['The Core Ideas of [Subject], Part by Part', 'Taking [Subject] Apart', 'The Big Ideas and Their Pieces'],
    objectives: [
      'divide [subject] into a small number of core ideas',
      'break each core idea into parts you can study one at a time',
      'explain how the parts of an idea depend on one another',
      'choose which part to study first, and say why',
      'rebuild the whole from its parts in a short written explanation',
    ],
    headings: ['From a fog to a structure', 'Finding the core ideas', 'Decomposition'],
    explain: [
      [
        'A subject as large as [subject] cannot be learned all at once.',
        'It has to be broken down: first into a few big ideas, then each big idea into parts small enough to study in a sitting.',
        'This is called decomposition, and it is one of the most powerful habits a learner can build.',
      ],
      [
        'How do you find the core ideas?',
        'Look for what keeps coming back.',
        'In any introduction to [subject], some ideas appear in nearly every chapter, explicitly or not. Those are the load-bearing walls; everything else is furniture.',
      ],
      [
        'Once you have a core idea, ask what it is made of.',
        'Most ideas have parts: things involved, steps in order, conditions under which they hold, and consequences that follow.',
        'Writing these out as a list or a tree turns a vague notion into something you can check, one branch at a time.',
      ],
      [
        'Parts depend on each other, and the order you learn them in matters.',
        'Some parts are foundations: you need them before anything else makes sense.',
        'Find those first. A useful test is to ask, for each part, “could I understand this without knowing the others?” If the answer is yes, it may be a good place to start.',
      ],
      [
        'Decomposition is only half the job.',
        'After taking an idea apart you must put it back together, explaining the whole in your own words, with each part in its place.',
        'If you cannot, one of the parts is missing or misunderstood, and now you know where to look.',
      ],
    ],
    subheadings: ['Load-bearing ideas', 'Which part first?', 'Putting it back together'],
    deeper: [
      [
        'One way to spot a load-bearing idea in [subject] is to imagine removing it.',
        'If a great deal of the rest stops making sense, the idea is central.',
        'If almost nothing changes, it is a detail: worth knowing, but not worth starting with.',
      ],
      [
        'Draw the parts of an idea as boxes and the dependencies as arrows.',
        'Boxes with no arrows coming in are your starting points.',
        'Boxes with many arrows coming in are the ones you will understand last, and they are often the most interesting.',
      ],
      [
        'Rebuilding is a writing task.',
        'Take a blank page and explain the idea from its parts, in order, without looking at your notes.',
        'Then compare with the notes. The gaps between the two are your next study session.',
      ],
    ],
    examples: [
      {
        title: '[p] breaks [subject] into parts',
        setup: [
          '[^p.full], [p.role], has read a good deal about [subject] at [here] but feels [p.he] understands none of it properly.',
          '[^p.he] decides to stop reading and start decomposing.',
        ],
        steps: [
          'List every idea that has appeared in more than one thing [p.he] has read.',
          'Circle the three ideas that appear most often: these are the working core.',
          'For the first core idea, write its parts: what is involved, what happens, under what conditions, with what result.',
          'Draw arrows between the parts to show which depends on which.',
          'Start studying with the part that has no arrows coming into it.',
        ],
        result: [
          'Instead of one overwhelming subject, [p] now has three ideas and, for the first of them, four or five parts with a clear starting point.',
          'The reading [p.he] had already done suddenly has somewhere to go.',
        ],
        exercise: [
          'In the example with [p], why did [p.he] start with the part that had no arrows coming into it?',
          'Because that part depends on nothing else in the diagram, so it can be understood on its own. Starting there means every later part builds on something [p] already knows.',
        ],
      },
      {
        title: '[p] rebuilds an idea from memory',
        setup: [
          'After a week of study at [here], [p.full], [p.role], wants to know whether [p.he] really understands one core idea of [subject], or only recognises it.',
        ],
        steps: [
          'Put the notes away.',
          'On a blank page, write the idea’s name and explain it in order, part by part.',
          'Mark every point where [p.he] hesitated or guessed.',
          'Open the notes and compare, line by line.',
          'Make the marked points the first task of the next study session.',
        ],
        result: [
          '[^p] finds two gaps: one part [p.he] had skipped, and one [p.he] had the wrong way round.',
          'Neither would have shown up from re-reading the notes, which always feel familiar.',
        ],
        exercise: [
          'Why would re-reading the notes not have revealed [p]’s two gaps?',
          'Because familiar text feels understood. Recognising something when you see it is much easier than producing it yourself, so re-reading hides gaps that writing from memory exposes.',
        ],
      },
    ],
    keyPoints: [
      'Divide [subject] into a few core ideas, and each idea into parts small enough to study in one sitting.',
      'Start with the parts that depend on nothing else, and finish by rebuilding the whole from memory.',
      'An idea you can take apart and put back together is an idea you understand.',
    ],
    exercises: [
      [
        'Name three ideas that you think are central to [subject], and say why you chose each.',
        'Answers will vary. Good reasons refer to how often an idea appears or how much else depends on it. If your reason is “it sounds important”, look again at how the idea is used.',
      ],
      [
        'Take one of your core ideas and list its parts under four headings: what is involved, what happens, under what conditions, with what result.',
        'Answers will vary. If a heading stays empty, that is useful information: either the idea does not have that kind of part, or you have found a gap to fill.',
      ],
      [
        'Draw the parts of one idea as boxes and the dependencies as arrows. Which box should you study first?',
        'The box with no arrows coming into it, because it depends on nothing else. If every box has arrows coming in, look for a circular dependency: it usually means two parts should be learned together.',
      ],
      [
        'What is the difference between recognising an idea and understanding it?',
        'Recognising means it looks familiar when you see it; understanding means you can produce it, explain it and use it without prompting. The test is to rebuild it from memory.',
      ],
      [
        'Explain one core idea of [subject] from memory in five sentences, then check it against your notes.',
        'Answers will vary. Mark each place where your explanation differed from the notes; those are your next study tasks.',
      ],
      [
        'Why is it risky to start studying a subject with its most connected idea?',
        'Because the most connected idea depends on many others, so it cannot be understood until they are. Starting there leads to frustration and the false belief that the subject is too hard.',
      ],
    ],
    summaries: [
      [
        'You can now take [subject] apart: core ideas first, then their parts, then the order in which to learn them.',
        'And you can test your understanding by rebuilding an idea from memory.',
        'The next lesson, “[next]”, asks how people in the field actually find things out and get things done.',
      ],
      [
        'Decomposition turns a fog into a structure.',
        'With the core ideas of [subject] named and broken down, you have a plan of study rather than a pile of reading.',
        'Carry that plan into “[next]”.',
      ],
    ],
    terms: [
      [
        'decomposition',
        'Breaking a large idea or task into smaller parts that can be understood or done one at a time.',
      ],
      [
        'core idea',
        'An idea that many other parts of a subject depend on; removing it would leave much of the rest without sense.',
      ],
      [
        'dependency',
        'A relation between two parts of an idea in which one cannot be understood, or done, without the other.',
      ],
    ],
  },

  methods: {
    titles: ['How [Subject] Gets Done: Methods', 'Methods and Procedures', 'The Working Methods of [Subject]'],
    objectives: [
      'describe the general shape of a method: question, procedure, record, check',
      'follow a written procedure and record what you did',
      'explain why methods are written down and repeated',
      'tell a method from a habit or a hunch',
      'adapt a method to a new situation without losing its checks',
    ],
    headings: ['What a method is', 'Question, procedure, record, check', 'Why methods matter'],
    explain: [
      [
        'Every field has its ways of finding things out or getting things done, and [subject] [subject.is] no different.',
        'A method is simply a way of working that can be described, repeated and checked.',
        'It is what separates knowing something from having a hunch about it.',
      ],
      [
        'Most methods share a shape, whatever the subject.',
        'They begin with a clear question or goal, follow a procedure, record what was done and what happened, and check the result against something independent.',
        'If you learn to see this shape, you can learn any particular method faster.',
      ],
      [
        'Methods are written down for a reason.',
        'Memory is unreliable, and what feels like the same procedure done twice is often two slightly different procedures.',
        'A written method lets someone else repeat your work, and lets you repeat it next month without guessing what you did.',
      ],
      [
        'Records matter more than beginners expect.',
        'A result without a record of how it was reached cannot be checked, and a result that cannot be checked cannot be trusted, however confident its author.',
        'Get into the habit of writing down what you did, in order, as you do it.',
      ],
      [
        'Finally, every good method includes a check.',
        'The check is the step most often skipped, because by the time you reach it you already believe your answer.',
        'That is exactly why it exists.',
      ],
    ],
    subheadings: ['The record', 'The check', 'Methods, habits and hunches'],
    deeper: [
      [
        'A good record is boring to write and priceless to read.',
        'It says what you set out to do, what you actually did (including the mistakes), what you observed, and what you concluded.',
        'Keep the observation separate from the conclusion: the first is what happened, the second is what you think it means.',
      ],
      [
        'A check compares your result with something that does not depend on how you got it: a second method, a known case, an estimate, another person’s attempt.',
        'If they agree, your confidence can rise. If they disagree, you have learned something, which is better than not knowing.',
      ],
      [
        'A habit is what you always do; a hunch is what you feel; a method is what you can explain and defend.',
        'Habits and hunches are not worthless, and experts have good ones, but in [subject] the method is what lets you show someone else why you believe what you believe.',
      ],
    ],
    examples: [
      {
        title: '[p] writes down a method at [here]',
        setup: [
          '[^p.full], [p.role], has a way of approaching problems in [subject] that usually works, but cannot explain it to [q].',
          '[^p.he] decides to write it down as a method.',
        ],
        steps: [
          'State the goal in one sentence at the top of a page.',
          'Do the task once, slowly, writing each step as [p.he] does it.',
          'Note every point where [p.he] made a choice, and why.',
          'Add a final step: a check that does not depend on the earlier steps.',
          'Give the page to [q] and watch [q.him] follow it without help.',
        ],
        result: [
          '[^q] gets stuck twice, both times at steps [p] had thought too obvious to write down.',
          '[^p] adds them. The method is now longer, clearer, and for the first time really repeatable.',
        ],
        exercise: [
          'In the example with [q], why did [q.he] get stuck at steps [p] thought were obvious?',
          'Because what is obvious to an experienced person is often a step they no longer notice taking. Watching someone else follow the written method is the surest way to find those hidden steps.',
        ],
      },
      {
        title: 'The check that saved [p] an afternoon',
        setup: [
          '[^p.full], [p.role], reaches an answer to a question about [subject] at [here] and is ready to move on.',
          'Out of habit, [p.he] runs a check first.',
        ],
        steps: [
          'Before checking, write down the answer and how confident [p.he] feels, from one to five.',
          'Estimate roughly what a sensible answer would look like, without redoing the work.',
          'Compare the estimate with the answer.',
          'Find the disagreement: a step was done in the wrong order.',
          'Redo the work from that step and check again.',
        ],
        result: [
          '[^p] had felt a confident four out of five about a wrong answer.',
          'The check took minutes; building on the wrong answer would have cost the rest of the afternoon, and perhaps more.',
        ],
        exercise: [
          'Why did [p] write down a confidence score before checking?',
          'To compare feeling with fact. Over time, a record of confidence scores against checked results shows whether your confidence is a reliable guide, and in most learners it is not, at first.',
        ],
      },
    ],
    keyPoints: [
      'A method is a way of working that can be described, repeated and checked: question, procedure, record, check.',
      'Write down what you did as you do it; a result that cannot be traced cannot be trusted.',
      'The check is the step most often skipped, which is exactly why it exists.',
    ],
    exercises: [
      [
        'Name the four parts of the general shape of a method described in this lesson.',
        'A clear question or goal; a procedure; a record of what was done and observed; and a check against something independent.',
      ],
      [
        'Why should observations be recorded separately from conclusions?',
        'Because observations are what happened and conclusions are an interpretation. Keeping them apart lets you, or someone else, reach a different conclusion from the same observations later.',
      ],
      [
        'Describe a task you do regularly as a written method of five steps, including a check.',
        'Answers will vary. Test the method by giving it to someone else; if they hesitate, a step is missing.',
      ],
      [
        'What is the difference between a hunch and a method?',
        'A hunch is a feeling you cannot fully explain; a method is a procedure you can describe, repeat and defend. Hunches can suggest where to look, but methods show why a conclusion should be believed.',
      ],
      [
        'Give two kinds of independent check you could use on an answer in [subject].',
        'Examples include: solving the problem by a second method, comparing with a known case, making a rough estimate, or asking someone else to attempt it independently. Any check that does not reuse your own steps will do.',
      ],
      [
        'A classmate says checking is a waste of time because they are usually right. How would you answer?',
        'Being usually right means being sometimes wrong, and without a check you cannot tell which time is which. A check is cheap compared with building on a wrong answer.',
      ],
    ],
    summaries: [
      [
        'Methods are how [subject] move[subject.s] from opinion to knowledge.',
        'You have seen their general shape and practised writing one down, record and check included.',
        'The next lesson, “[next]”, puts methods to work.',
      ],
      [
        'A method you can explain is worth more than a talent you cannot.',
        'From now on, when you work on [subject], keep a record and run a check, especially when you feel sure.',
        'On to “[next]”.',
      ],
    ],
    terms: [
      ['method', 'A way of working that can be described, repeated and checked.'],
      ['record', 'A written account of what was done and observed, kept separate from the conclusions drawn from it.'],
      [
        'independent check',
        'A test of a result that does not reuse the steps that produced it, such as a second method, an estimate or a known case.',
      ],
    ],
  },

  evidence: {
    titles: ['Evidence and How to Weigh It', 'How Do We Know? Evidence in [Subject]', 'Judging Claims and Sources'],
    objectives: [
      'tell a claim from the evidence offered for it',
      'ask five questions of any source about [subject]',
      'distinguish a first-hand source from a second-hand one',
      'say how strong a piece of evidence is, and why',
      'hold a conclusion with the right amount of confidence',
    ],
    headings: ['Claims and evidence', 'Questions to ask of a source', 'How strong is it?'],
    explain: [
      [
        'You will meet many claims about [subject]: in books, in conversation, online.',
        'A claim is a statement that something is so; evidence is what is offered to show it.',
        'The most useful habit in this lesson is simply to notice the difference, and to ask, whenever you hear a claim, “what is the evidence?”',
      ],
      [
        'Sources come in kinds.',
        'A first-hand source comes from someone who was there, did the work or saw the thing; a second-hand source reports what a first-hand source said.',
        'Both are useful, but each step away from the original is a chance for error, simplification or exaggeration to creep in.',
      ],
      [
        'Five questions will take you a long way with any source.',
        'Who made it, and how would they know? When, and has anything changed since? Why was it made: to inform, to persuade, to sell? What evidence does it give? And do other independent sources agree?',
      ],
      [
        'Evidence has strength, and strength comes in degrees.',
        'A single report is weaker than several independent ones; an account written at the time is usually stronger than a memory written years later; a claim that could easily be checked and has been is stronger than one nobody has tested.',
      ],
      [
        'The goal is not to doubt everything, which is as lazy as believing everything.',
        'It is to hold each conclusion with the confidence its evidence deserves: firmly when the evidence is strong, loosely when it is thin, and not at all when there is none.',
      ],
    ],
    subheadings: ['First-hand and second-hand', 'Independent agreement', 'Confidence in proportion'],
    deeper: [
      [
        'When a source reports something, ask where it got it from, and follow the trail back as far as you can.',
        'You will often find that several apparently separate sources all repeat one original.',
        'That is one piece of evidence, not several.',
      ],
      [
        'Agreement is only strong when it is independent.',
        'Two witnesses who compared notes before speaking tell you less than two who did not; two books that copy the same source are one source in two covers.',
      ],
      [
        'Try stating your conclusions with a confidence word: “certainly”, “probably”, “possibly”, “I don’t know”.',
        'It feels awkward at first. It also stops you sounding equally sure about everything, which is how careful people in [subject] learn to be trusted.',
      ],
    ],
    examples: [
      {
        title: '[p] traces a claim back to its source',
        setup: [
          'At [here], [p.full], [p.role], hears [q] state a striking claim about [subject] as if it were common knowledge.',
          '[^p] decides to find out where it came from before repeating it.',
        ],
        steps: [
          'Write the claim down exactly as [q] said it.',
          'Ask [q] where [q.he] heard it, and note the answer.',
          'Find that source and check whether it says the same thing, or something milder.',
          'Ask where that source got it, and follow the trail one step further.',
          'Judge the claim by the strongest evidence at the end of the trail, not by how often it is repeated.',
        ],
        result: [
          'The claim grows weaker at every step back: the original said “sometimes” where the retellings said “always”.',
          '[^p] keeps the milder version, with a note of where it came from.',
        ],
        exercise: [
          'What happened to the claim as [p] followed it back, and what general lesson does that suggest?',
          'It became milder at each step: “always” turned out to have been “sometimes”. Claims often grow stronger as they are retold, so the original is usually more cautious than the versions that reach you.',
        ],
      },
      {
        title: '[p] weighs two accounts',
        setup: [
          '[^p.full], [p.role], has two accounts of the same event connected with [subject]: one written at the time by someone at [here], one written years later by someone who heard about it.',
        ],
        steps: [
          'List what each account says, side by side.',
          'Mark where they agree and where they differ.',
          'For each difference, ask which author was in a better position to know.',
          'Ask what each author might have wanted their readers to believe.',
          'Write a conclusion with a confidence word for each point.',
        ],
        result: [
          '[^p]’s conclusion is neither account but a careful combination: “certainly” for the points both agree on, “probably” where the earlier account is better placed, and “unknown” for one detail neither could have seen.',
        ],
        exercise: [
          'Why did [p] mark one detail “unknown” rather than choosing one account’s version?',
          'Because neither author was in a position to know it. When no source could have seen something, the honest conclusion is that it is unknown, however confidently either account states it.',
        ],
      },
    ],
    keyPoints: [
      'A claim is not evidence. When you hear a claim about [subject], ask what the evidence is.',
      'Agreement between sources counts only when the sources are independent.',
      'Hold each conclusion with the confidence its evidence deserves: no more, no less.',
    ],
    exercises: [
      [
        'List the five questions this lesson suggests asking of any source.',
        'Who made it, and how would they know? When was it made? Why was it made? What evidence does it give? Do other independent sources agree?',
      ],
      [
        'What is the difference between a first-hand and a second-hand source?',
        'A first-hand source comes from someone who was present, did the work or saw the thing; a second-hand source reports what others said. Second-hand sources can be useful but add chances for error.',
      ],
      [
        'Three websites make the same claim about [subject]. Why might that be weaker evidence than it looks?',
        'Because they may all be repeating one original. Three copies of one source are one piece of evidence; agreement only counts when the sources are independent.',
      ],
      [
        'Rewrite this sentence with an honest confidence word: “Everyone agrees that this is how it works.”',
        'Answers will vary; for example, “Several sources I have read say this is how it works, and I have not yet found one that disagrees.” The rewrite names what is actually known.',
      ],
      [
        'Why is doubting everything no better than believing everything?',
        'Because both avoid the work of weighing evidence. Blanket doubt treats strong and weak evidence alike, just as blanket belief does; judgement means telling them apart.',
      ],
      [
        'Find one claim about [subject] and apply the five questions to it.',
        'Answers will vary. A complete answer addresses all five questions and ends with a conclusion stated with a confidence word.',
      ],
    ],
    summaries: [
      [
        'This lesson gave you the habits of a careful reader: separate claims from evidence, trace claims to their sources, count only independent agreement, and match confidence to evidence.',
        'These habits protect everything else you learn about [subject].',
        'Next, “[next]”.',
      ],
      [
        'Knowing [subject] means knowing not only what is said about it but how well each thing is supported.',
        'You now have questions to ask of any source and a way to say how sure you are.',
        'Take them into “[next]”.',
      ],
    ],
    terms: [
      ['claim', 'A statement that something is so, which may or may not be supported by evidence.'],
      ['evidence', 'What is offered to show that a claim is true: observations, records, results, testimony.'],
      [
        'first-hand source',
        'A source produced by someone who was present, did the work or observed the thing directly.',
      ],
      [
        'independent sources',
        'Sources that reached their conclusions separately, without copying each other or a common original.',
      ],
    ],
  },

  problems: {
    titles: ['Worked Problems in [Subject]', 'Solving Problems Step by Step', 'From Question to Answer'],
    objectives: [
      'use a four-stage routine to solve problems: understand, plan, carry out, look back',
      'restate a problem in your own words before solving it',
      'choose a strategy, such as working backwards or trying a simpler case',
      'check an answer and say what the problem taught you',
      'write a solution someone else can follow',
    ],
    headings: ['A routine for problems', 'Understand, plan, carry out, look back', 'Strategies worth knowing'],
    explain: [
      [
        'Sooner or later, studying [subject] means solving problems: questions whose answers are not in front of you and have to be worked out.',
        'Good problem-solvers are not mainly people who know more; they are people who have a routine and follow it, especially when they are stuck.',
      ],
      [
        'A reliable routine has four stages.',
        'First, understand the problem: what is given, what is asked, what counts as an answer.',
        'Second, make a plan.',
        'Third, carry it out, carefully, one step at a time.',
        'Fourth, look back: check the answer and ask what the problem taught you.',
      ],
      [
        'Most failures happen in the first stage.',
        'People start calculating or arguing before they know what is being asked.',
        'Restating the problem in your own words, and saying what a good answer would look like, takes a minute and saves an hour.',
      ],
      [
        'When you cannot see a plan, reach for a strategy.',
        'Try a simpler version of the problem; work backwards from what the answer must look like; draw a picture or a table; look for a problem you have solved before that resembles this one.',
        'Strategies do not guarantee a solution, but they turn staring at the page into doing something.',
      ],
      [
        'The last stage, looking back, is where learning happens.',
        'Once you have an answer, ask: does it make sense? Could I have solved it another way? What would I do differently next time?',
        'A problem you have looked back on is worth three you have only solved.',
      ],
    ],
    subheadings: ['When you are stuck', 'Writing a solution others can follow', 'Looking back'],
    deeper: [
      [
        'Being stuck is a normal part of solving problems, not a sign that you cannot do it.',
        'When it happens, go back a stage: reread the problem, restate it, or list what you know.',
        'Change one thing (the strategy, the representation, the order) and try again.',
      ],
      [
        'A written solution is an argument.',
        'It should say what you did and why, in order, so that a reader could follow it without asking you questions.',
        'Writing for a reader also exposes the steps you took on faith.',
      ],
      [
        'Looking back is also the moment to file what you learned.',
        'Write one sentence under every solved problem: the idea or strategy that cracked it.',
        'Over time those sentences become a personal handbook of [subject].',
      ],
    ],
    examples: [
      {
        title: '[p] works a problem at [here]',
        setup: [
          '[^p.full], [p.role], is set a problem about [subject] by [q] and is tempted to dive straight in.',
          'Instead [p.he] follows the four stages.',
        ],
        steps: [
          'Understand: restate the problem in one sentence and list what is given and what is asked.',
          'Plan: notice that it resembles a simpler problem [p.he] solved last week, and decide to use the same approach.',
          'Carry out: work through the approach step by step, writing each step down.',
          'Look back: check the answer against a rough estimate, and against the original question.',
          'File it: write one sentence saying what made this problem different from last week’s.',
        ],
        result: [
          'The answer checks out. More usefully, [p]’s filing sentence names the one difference between the two problems, and that difference is exactly the idea the problem was set to teach.',
        ],
        exercise: [
          'In the example with [p], what did [p.he] gain from the final “file it” step?',
          'A one-sentence record of the idea the problem was really about. Solving produced an answer; filing turned it into something [p] can reuse on the next problem.',
        ],
      },
      {
        title: '[p] gets unstuck',
        setup: [
          '[^p.full], [p.role], has been stuck on a problem about [subject] for twenty minutes at [here].',
          'Rather than give up, [p.he] works through a list of strategies.',
        ],
        steps: [
          'Reread the question and underline what is actually being asked.',
          'Try a simpler version of the problem, with fewer parts.',
          'Solve the simpler version and notice which step mattered.',
          'Apply that step to the full problem.',
          'Check the answer, then write down which strategy worked.',
        ],
        result: [
          'The simpler version takes five minutes and shows [p] the one step [p.he] had been missing.',
          'With it, the full problem falls into place. The strategy, not the answer, is what [p] will carry to the next problem.',
        ],
        exercise: [
          'Why did solving a simpler version of the problem help [p]?',
          'Because the simpler version kept the essential step while removing distractions, so the step became visible. Once [p] had seen it, [p.he] could apply it to the full problem.',
        ],
      },
    ],
    keyPoints: [
      'Solve problems in four stages: understand, plan, carry out, look back.',
      'Most failures happen before any work is done: restate the problem first.',
      'When stuck, change something: try a simpler case, work backwards, draw it, or find a similar problem.',
    ],
    exercises: [
      [
        'Name the four stages of the problem-solving routine in this lesson.',
        'Understand the problem; make a plan; carry out the plan; look back (check the answer and note what was learned).',
      ],
      [
        'Why do most failures in problem-solving happen in the first stage?',
        'Because people start working before they know what is being asked, and then solve the wrong problem well. Restating the problem prevents this.',
      ],
      [
        'List four strategies to try when you cannot see how to solve a problem.',
        'For example: try a simpler version; work backwards from the answer; draw a picture, diagram or table; find a similar problem you have already solved. Others are acceptable if they change how you approach the problem.',
      ],
      [
        'Write a problem about [subject] that you could set a friend, and a model solution in the four stages.',
        'Answers will vary. Check that your solution restates the problem, names a plan, shows the steps, and ends with a check and a one-sentence lesson.',
      ],
      [
        'What should you write under every problem you solve, and why?',
        'One sentence naming the idea or strategy that cracked it. These sentences build into a personal handbook and help you recognise similar problems later.',
      ],
      [
        'A friend says they “just aren’t a problem-solving person”. What does this lesson suggest?',
        'That problem-solving is mostly a routine and a set of strategies, which can be learned. Being stuck is normal; having a way to get unstuck is the skill.',
      ],
    ],
    summaries: [
      [
        'You now have a routine for any problem in [subject], and a set of strategies for the moments when the routine stalls.',
        'Practise it on easy problems, so it is automatic when the hard ones come.',
        'The next lesson is “[next]”.',
      ],
      [
        'Problems are where knowledge of [subject] is tested and where it grows.',
        'Understand, plan, carry out, look back: four stages, and the last is the one that teaches.',
        'On to “[next]”.',
      ],
    ],
    terms: [
      [
        'worked example',
        'A problem solved step by step, with the reasoning shown, so that a learner can study the method as well as the answer.',
      ],
      [
        'strategy',
        'A general approach to a problem, such as working backwards or trying a simpler case, that can be used when no direct plan is obvious.',
      ],
      [
        'looking back',
        'The final stage of solving a problem: checking the answer and recording what the problem taught.',
      ],
    ],
  },

  practice: {
    titles: ['Practice That Works', 'Remembering [Subject]', 'Making It Stick: Practice and Memory'],
    objectives: [
      'use retrieval practice instead of re-reading',
      'plan study sessions spaced out over days and weeks',
      'mix different kinds of problems in one session',
      'design practice that targets your weak points',
      'keep a simple record of what you practised and how it went',
    ],
    headings: ['Why re-reading fails', 'Retrieval, spacing and mixing', 'Deliberate practice'],
    explain: [
      [
        'The most common way to study is to re-read notes and highlight them.',
        'It feels productive, because familiar text is easy to read.',
        'But that ease is the problem: recognising something is not the same as being able to recall and use it, and re-reading mostly trains recognition.',
      ],
      [
        'Retrieval practice means pulling knowledge out of your memory rather than putting it in again.',
        'Close the book and write what you remember; answer questions before checking; explain an idea aloud without notes.',
        'It feels harder than re-reading, and that difficulty is what makes it work.',
      ],
      [
        'Spacing means returning to material after a gap: a day, then a few days, then a week.',
        'Each return, when you have half forgotten, strengthens the memory more than an extra hour of study on the same day.',
        'Short sessions spread out beat long sessions crammed together.',
      ],
      [
        'Mixing means practising different kinds of problems in one session rather than twenty of the same kind in a row.',
        'It is slower and messier, because you must first work out what kind of problem you are facing.',
        'But that is exactly the skill you will need when [subject] [subject.does] not label [subject.its] problems for you.',
      ],
      [
        'Deliberate practice means aiming at what you cannot yet do.',
        'Practising what you are already good at is pleasant and teaches little.',
        'Find the weak point, design a short exercise that targets it, get feedback, and repeat.',
      ],
    ],
    subheadings: ['A spaced study plan', 'Targeting weak points', 'A practice log'],
    deeper: [
      [
        'A simple spaced plan: study a topic today; test yourself on it tomorrow; again in three days; again in a week; again in a month.',
        'Each test takes minutes.',
        'If you fail one, bring the next test closer; if you pass easily, push it further away.',
      ],
      [
        'To find a weak point, look at your mistakes, not your successes.',
        'Which questions took longest? Which did you guess? Which would you be embarrassed to explain aloud?',
        'Those are the targets for your next session on [subject].',
      ],
      [
        'A practice log can be a single line per session: date, what you practised, how it went, what to do next time.',
        'After a month, the log shows patterns no single session could: what you keep avoiding, and what has quietly become easy.',
      ],
    ],
    examples: [
      {
        title: '[p] plans a month of practice',
        setup: [
          '[^p.full], [p.role], has a month before [p.he] must use [subject] in earnest at [here], and only half an hour a day.',
        ],
        steps: [
          'List the core ideas of [subject] [p.he] needs, and rate each from one to five for confidence.',
          'Schedule the weakest ideas first, then return to each after one day, three days, a week and a fortnight.',
          'Begin every session with five minutes of recall from memory, before opening any notes.',
          'Mix two or three ideas in each session rather than one.',
          'End each session with one line in a practice log.',
        ],
        result: [
          'By the end of the month [p]’s confidence ratings have risen, and, more importantly, [p.his] recall tests have risen with them.',
          'The log shows one idea [p.he] kept postponing; [p.he] gives it the last week.',
        ],
        exercise: [
          'Why did [p] begin every session with recall from memory, before opening notes?',
          'Because retrieval strengthens memory more than re-reading, and testing first shows what has actually stuck. Opening notes first would have made everything feel familiar.',
        ],
      },
      {
        title: '[p] finds a weak point',
        setup: [
          '[^p.full], [p.role], keeps getting one kind of question about [subject] wrong, and keeps practising the kinds [p.he] already gets right.',
          '[^q] points this out at [here].',
        ],
        steps: [
          'Collect the last ten mistakes and sort them by kind.',
          'Pick the kind that appears most often.',
          'Write three short questions of exactly that kind.',
          'Answer them without notes, then check and correct.',
          'Repeat with fresh questions two days later.',
        ],
        result: [
          'Most of [p]’s mistakes turn out to be one kind, caused by one misunderstanding.',
          'Two short sessions fix what weeks of comfortable practice had not.',
        ],
        exercise: [
          'What was wrong with [p]’s original way of practising?',
          '[^p.he] practised what [p.he] could already do, which felt good but taught little. Deliberate practice targets the weak point, which [p] found by sorting [p.his] mistakes.',
        ],
      },
    ],
    keyPoints: [
      'Test yourself instead of re-reading: retrieval builds memory, recognition only feels like it.',
      'Space your practice out, mix different kinds of problems, and aim at what you cannot yet do.',
      'Your mistakes are a map of where to practise next.',
    ],
    exercises: [
      [
        'Why does re-reading feel productive even when it teaches little?',
        'Because familiar text is easy to read, and that ease feels like understanding. Re-reading mostly builds recognition, not the ability to recall and use the material.',
      ],
      [
        'Define retrieval practice and give two ways to do it.',
        'Retrieval practice is pulling knowledge from memory rather than re-reading it. Ways include writing what you remember with the book closed, answering questions before checking, and explaining aloud without notes.',
      ],
      [
        'Draw up a spaced practice plan for one idea in [subject] over the next month.',
        'Answers will vary. A good plan has an initial session and several short tests at growing intervals (for example after one day, three days, a week and a month), adjusted according to how each test goes.',
      ],
      [
        'Why is mixed practice harder than practising one kind of problem at a time, and why is that useful?',
        'Because you must first recognise what kind of problem you face before solving it. That recognition is exactly what real situations demand, so mixed practice trains it.',
      ],
      [
        'Look at your last five mistakes in [subject]. What kind of mistake appears most often?',
        'Answers will vary. If no pattern appears, collect more mistakes; patterns usually show up after ten or so.',
      ],
      [
        'Write a one-line entry for a practice log.',
        'Answers will vary; for example: “Tuesday: recalled two core ideas from memory, missed one step in the second; next time start with that step.” A good entry names what was practised, how it went and what comes next.',
      ],
    ],
    summaries: [
      [
        'Practice that works is uncomfortable: retrieve rather than re-read, space rather than cram, mix rather than repeat, and aim at weak points.',
        'Keep a log and let your mistakes guide you.',
        'Next, “[next]”.',
      ],
      [
        'Understanding [subject] today is not the same as remembering it next month.',
        'This lesson gave you the habits that bridge the two.',
        'The next lesson, “[next]”, turns to the mistakes that practice reveals.',
      ],
    ],
    terms: [
      [
        'retrieval practice',
        'Studying by recalling material from memory, for example by self-testing, rather than by re-reading it.',
      ],
      ['spaced practice', 'Returning to material after increasing gaps of time instead of studying it all at once.'],
      [
        'deliberate practice',
        'Practice aimed at a specific weak point, with feedback and repetition, rather than at what you can already do.',
      ],
    ],
  },

  mistakes: {
    titles: ['Common Mistakes and Misconceptions', 'Getting It Wrong, Usefully', 'Where Learners Go Astray'],
    objectives: [
      'tell a slip from a misconception',
      'analyse a mistake to find its cause',
      'recognise the common patterns behind beginners’ errors in any subject',
      'replace a misconception rather than simply noting it is wrong',
      'treat mistakes as information instead of as verdicts',
    ],
    headings: ['Slips and misconceptions', 'Error analysis', 'Patterns behind mistakes'],
    explain: [
      [
        'Everyone who studies [subject] makes mistakes; the difference between learners is what they do next.',
        'A mistake is information. It tells you precisely where your understanding and the subject part company, which is more than a correct answer ever does.',
      ],
      [
        'Not all mistakes are alike.',
        'A slip is an error you would catch if you looked again: a misread word, a skipped line.',
        'A misconception is an error you would make again, because it comes from a belief that seems right to you.',
        'Slips need care; misconceptions need teaching.',
      ],
      [
        'Misconceptions are stubborn because they usually make sense.',
        'They often come from everyday experience, or from an idea that works in one situation and is stretched too far.',
        'Telling yourself “that is wrong” rarely removes one; you have to understand why it seemed right, and replace it with something better.',
      ],
      [
        'Some patterns of error turn up in almost every subject.',
        'Overgeneralising: a rule that works in some cases is applied to all. Confusing the word with the thing: a specialist term is read in its everyday sense. Mistaking a cause: two things happen together and one is assumed to cause the other. Skipping the check: an answer is trusted because it feels right.',
      ],
      [
        'Error analysis is the habit of asking, for each mistake, what you did, what you should have done, and why the difference happened.',
        'The third question is the important one.',
        'The answer points either to a slip (slow down) or to a misconception (relearn the idea).',
      ],
    ],
    subheadings: ['Why misconceptions survive', 'An error log', 'Mistakes and confidence'],
    deeper: [
      [
        'A misconception survives because it keeps giving right answers in easy cases.',
        'It only fails at the edges, in the unusual cases, and beginners rarely meet those.',
        'Seek them out: unusual cases are where the misconceptions about [subject] are found.',
      ],
      [
        'An error log is a page with three columns: the mistake, its cause, the fix.',
        'Reviewing it once a week shows which causes recur.',
        'One recurring cause fixed is worth dozens of individual corrections.',
      ],
      [
        'The most dangerous mistakes are the confident ones.',
        'When you feel certain and turn out to be wrong, stop and look closely; there is almost always a misconception underneath.',
        'Those moments are uncomfortable and unusually valuable.',
      ],
    ],
    examples: [
      {
        title: '[p] analyses a mistake',
        setup: [
          '[^p.full], [p.role], gets a question about [subject] wrong at [here], for the third time, and is tempted to shrug it off as bad luck.',
        ],
        steps: [
          'Write down the wrong answer and the right one, side by side.',
          'Find the exact step where they part company.',
          'Ask why that step seemed right at the time.',
          'Decide: slip (a careless moment) or misconception (a belief that seemed true)?',
          'For a misconception, find an example where the belief clearly fails, and write the corrected idea beside it.',
        ],
        result: [
          'It was not bad luck: [p] had been stretching a rule beyond the cases where it holds.',
          'The example where it fails makes the limit vivid, and [p] does not make the mistake a fourth time.',
        ],
        exercise: [
          'How did [p] decide that the mistake was a misconception and not a slip?',
          'By asking why the wrong step had seemed right. A slip has no reason behind it; a misconception does. [^p] found a belief, a rule stretched too far, which meant the idea itself needed relearning.',
        ],
      },
      {
        title: '[p] and [q] keep an error log',
        setup: [
          '[^p.full], [p.role], and [q] agree to keep an error log together while they study [subject] at [here].',
        ],
        steps: [
          'Each records every mistake in three columns: the mistake, its cause, the fix.',
          'Once a week they read each other’s logs.',
          'They sort the causes into slips and misconceptions.',
          'They choose the most frequent misconception and study it together.',
          'They write one example and one counter-example of the corrected idea on a card.',
        ],
        result: [
          'Within a few weeks both logs grow shorter.',
          'Reading each other’s turns out to be the best part: each spots patterns in the other’s mistakes that neither saw in their own.',
        ],
        exercise: [
          'Why was reading each other’s error logs so useful to [p] and [q]?',
          'Because it is easier to see patterns in someone else’s mistakes than in your own, where each error feels like a one-off. Each acted as an outside check for the other.',
        ],
      },
    ],
    keyPoints: [
      'A mistake is information: it shows exactly where understanding and subject part company.',
      'Slips need care; misconceptions need relearning, because you would make them again.',
      'The confident mistakes are the most valuable to examine.',
    ],
    exercises: [
      [
        'Define a slip and a misconception, and say how you would deal with each.',
        'A slip is a careless error you would catch on checking; deal with it by slowing down and checking. A misconception is an error that comes from a mistaken belief; deal with it by understanding why the belief seemed right and replacing it.',
      ],
      [
        'Name three patterns of error that occur in almost every subject.',
        'For example: overgeneralising a rule; reading a specialist term in its everyday sense; assuming that things that occur together cause each other; trusting an answer without checking. Any three are acceptable.',
      ],
      [
        'Why do misconceptions often survive for a long time?',
        'Because they give correct answers in easy, common cases and only fail in unusual ones, which beginners rarely meet.',
      ],
      [
        'Start an error log for [subject] and record your next three mistakes in three columns.',
        'Answers will vary. Check that the “cause” column explains why, not just what; “I was careless” is a slip, while “I thought the rule always applied” is a misconception.',
      ],
      [
        'Why are confident mistakes especially worth examining?',
        'Because confidence in a wrong answer usually means a misconception is at work. Finding it fixes not one mistake but every future mistake it would have caused.',
      ],
      [
        'Think of a belief about [subject] you held before this course that you now doubt. What made it seem right?',
        'Answers will vary. Common sources are everyday experience, a simplified explanation heard once, and a rule that works in familiar cases.',
      ],
    ],
    summaries: [
      [
        'This lesson turned mistakes from verdicts into information.',
        'You can tell a slip from a misconception, analyse an error to its cause, and keep a log that shows your patterns.',
        'Next, in “[next]”, you take [subject] out into the world.',
      ],
      [
        'Getting things wrong is how everyone learns [subject]; getting them wrong usefully is a skill.',
        'Keep your error log going, and pay special attention to the confident mistakes.',
        'On to “[next]”.',
      ],
    ],
    terms: [
      [
        'misconception',
        'A mistaken belief that seems right to the person who holds it, and so leads to repeated errors.',
      ],
      ['slip', 'A careless error that the person making it would catch on checking.'],
      [
        'error analysis',
        'Examining a mistake to find what was done, what should have been done and why the difference happened.',
      ],
      ['overgeneralising', 'Applying a rule or idea beyond the cases where it holds.'],
    ],
  },

  applying: {
    titles: ['Putting [Subject] to Work', 'Applying What You Know', '[Subject] in Practice'],
    objectives: [
      'recognise when a situation calls for what you have learned about [subject]',
      'adapt an idea to a situation unlike the ones you practised on',
      'plan a small project that uses [subject]',
      'judge whether an application worked, and why',
      'explain the limits of what you know before acting on it',
    ],
    headings: ['From the page to the world', 'Transfer', 'Knowing your limits'],
    explain: [
      [
        'Knowledge that stays on the page is half-learned.',
        'The point of studying [subject] is to be able to use it: to notice where it applies, to adapt it to the situation in front of you, and to judge whether it worked.',
      ],
      [
        'Using an idea in a new setting is called transfer, and it is harder than it sounds.',
        'Real situations do not announce which lesson they belong to.',
        'The first step is recognition: learning to see the shape of a familiar idea in an unfamiliar place.',
      ],
      [
        'Recognition improves when you practise on varied examples and ask, each time, what they have in common.',
        'The surface details change from case to case; the structure underneath is what you are learning to spot.',
      ],
      [
        'Adapting is the second step.',
        'An idea rarely fits a new situation exactly. Some parts carry over, others must be adjusted, and a few do not apply at all.',
        'Say explicitly which is which before you act.',
      ],
      [
        'Finally, be honest about your limits.',
        'A beginner applying [subject] should know which decisions are safe to make alone and which need someone more experienced, or a reliable source, to check.',
        'Knowing where your knowledge ends is itself part of knowing [subject].',
      ],
    ],
    subheadings: ['Seeing the structure under the surface', 'A small project', 'When to ask for help'],
    deeper: [
      [
        'Take two situations that look completely different and ask whether the same idea from [subject] applies to both.',
        'If it does, write down what they share.',
        'That shared structure is what you will recognise next time, in a third situation that looks different again.',
      ],
      [
        'The best way to learn to apply [subject] is a small project with a real result: something you make, decide, explain or fix.',
        'Keep it small enough to finish in a week.',
        'A finished small project teaches more than an abandoned large one.',
      ],
      [
        'Before acting on what you know, ask: what would happen if I were wrong?',
        'If the answer is “not much”, go ahead and learn from the result.',
        'If the answer is “something serious”, check with someone who knows more, or a reliable source, first.',
      ],
    ],
    examples: [
      {
        title: '[p] uses [subject] at [here]',
        setup: [
          '[^p.full], [p.role], has studied [subject] for a few weeks.',
          'Now a situation at [here] seems to call for it, but it looks nothing like the examples in [p.his] notes.',
        ],
        steps: [
          'Describe the situation in plain words, ignoring the surface details.',
          'Ask which core idea of [subject] it resembles, and why.',
          'List what carries over from that idea, what must be adjusted, and what does not apply.',
          'Ask what would happen if [p.he] were wrong, and decide whether to check with [q] first.',
          'Act, then record what happened and whether it matched [p.his] expectation.',
        ],
        result: [
          'Most of the idea carries over; one part needs adjusting, and [p] checks that part with [q], who spots a problem.',
          'The result is better than [p] would have managed alone, and [p.his] record shows exactly what [p.he] learned from it.',
        ],
        exercise: [
          'In the example with [p], why did [p.he] ask what would happen if [p.he] were wrong?',
          'To decide whether it was safe to act alone. The cost of being wrong determines how much checking is needed; because one part was uncertain, [p] checked it with [q] first.',
        ],
      },
      {
        title: '[p]’s one-week project',
        setup: [
          '[^p.full], [p.role], wants to prove to [p.self] that [p.he] can use [subject], not just talk about it.',
          '[^p.he] sets a one-week project at [here].',
        ],
        steps: [
          'Choose a result small enough to finish in a week: something to make, decide, explain or fix.',
          'Write down what success will look like before starting.',
          'Plan the work in days, with the riskiest part first.',
          'Do the work, keeping a short daily record.',
          'At the end, compare the result with the success criteria and write what [p.he] would change.',
        ],
        result: [
          'The project is modest and finished.',
          '[^p] discovers that one idea [p.he] thought [p.he] understood needed a second look, and that another, which had seemed hard, came naturally once it had a job to do.',
        ],
        exercise: [
          'Why did [p] write down what success would look like before starting?',
          'So that the result could be judged honestly. Without criteria set in advance, it is tempting to redefine success to fit whatever happened.',
        ],
      },
    ],
    keyPoints: [
      'Applying [subject] means recognising where it fits, adapting it, and judging the result.',
      'Look beneath surface details for the structure you have met before.',
      'Before acting, ask what would happen if you were wrong, and check accordingly.',
    ],
    exercises: [
      [
        'What is transfer, and why is it difficult?',
        'Transfer is using what you learned in a new situation. It is difficult because real situations do not say which idea applies, and their surface details differ from the examples you studied.',
      ],
      [
        'Describe two situations that look different but might draw on the same idea from [subject]. What do they share?',
        'Answers will vary. A good answer names the shared structure, not just a shared word.',
      ],
      [
        'Plan a project using [subject] that you could finish in one week. Include success criteria.',
        'Answers will vary. Check that the project has a concrete result, criteria written in advance, and a plan that tackles the riskiest part first.',
      ],
      [
        'When should a beginner check with someone more experienced before acting on what they know?',
        'When being wrong would have serious consequences, or when part of the situation goes beyond what they have learned. When the cost of error is small, acting and learning from the result is fine.',
      ],
      [
        'After applying an idea, what should you record?',
        'What you expected, what actually happened, and why they differed, if they did. This turns each application into a lesson.',
      ],
      [
        'Why does a finished small project teach more than an abandoned large one?',
        'Because only a finished project shows whether the whole thing worked, including the final steps and the checking, which are exactly where learners most need practice.',
      ],
    ],
    summaries: [
      [
        'You have moved [subject] from the page into the world: recognising where it applies, adapting it, and judging the result.',
        'You have also learned to ask what would happen if you were wrong.',
        'The next lesson is “[next]”.',
      ],
      [
        'Applying what you know is where [subject] become[subject.s] yours.',
        'Keep your projects small, your criteria written down and your checks honest.',
        'Next comes “[next]”.',
      ],
    ],
    terms: [
      ['transfer', 'Using what was learned in one setting to deal with a different, unfamiliar one.'],
      [
        'success criteria',
        'A statement, written before starting, of what a good result will look like, used to judge the result honestly.',
      ],
      ['surface detail', 'A feature of a situation that varies from case to case without changing which idea applies.'],
    ],
  },

  connecting: {
    titles: ['Connecting the Ideas', 'How the Pieces of [Subject] Fit', 'The Web of [Subject]'],
    objectives: [
      'link new ideas in [subject] to ones you already know',
      'use analogies and say where they break down',
      'compare and contrast two ideas in a table',
      'connect [subject] with another subject you know',
      'build a concept map of the whole course so far',
    ],
    headings: ['Knowledge as a web', 'Analogies and their limits', 'Comparing and contrasting'],
    explain: [
      [
        'Isolated facts are easily forgotten; connected ones hold each other in place.',
        'Each time you link a new idea in [subject] to something you already know, you give it another thread to hang from.',
        'Expertise is less a matter of knowing more things than of knowing how they connect.',
      ],
      [
        'An analogy is a connection to something outside the subject: “this works rather like that”.',
        'Analogies are powerful teachers, because they borrow understanding you already have.',
        'But every analogy breaks down somewhere, and knowing where is part of understanding both sides of it.',
      ],
      [
        'Comparing two ideas side by side is one of the surest ways to understand both.',
        'Make a table: the two ideas as columns, and rows for what each involves, when each applies, what each predicts, and how they differ.',
        'Filling in the table forces the distinctions into the open.',
      ],
      [
        'No subject stands alone, and [subject] [subject.is] no exception.',
        'Ideas travel: a method from one field turns up in another, a word changes meaning as it crosses a border.',
        'Look for the connections between [subject] and whatever else you know well; they make both easier to learn.',
      ],
      [
        'At this point in the course it is worth drawing the whole thing.',
        'Put the core ideas on a page, draw the links between them, and label each link with a verb: “causes”, “is part of”, “is measured by”, “is an example of”.',
        'Unlabelled links hide vague thinking; labelled ones expose it.',
      ],
    ],
    subheadings: ['Where the analogy breaks', 'A comparison table', 'A map of the course'],
    deeper: [
      [
        'Take any analogy you have met for an idea in [subject].',
        'List three ways the two things are alike, then three ways they are not.',
        'The differences often point straight at what is most distinctive about the idea.',
      ],
      [
        'Good comparison tables have rows that matter.',
        'If every row says “both”, you have not found the difference yet; add a row that asks what would distinguish them in a particular case.',
      ],
      [
        'Compare the concept map you draw now with the rough map you sketched in the first lesson.',
        'The differences are a picture of what you have learned: new areas, corrected links, questions answered and replaced by better ones.',
      ],
    ],
    examples: [
      {
        title: '[p] draws the whole of [subject]',
        setup: [
          'Halfway through the course, [p.full], [p.role], feels that [p.his] knowledge of [subject] is a heap of separate pieces.',
          'At [here] [p.he] spreads out a large sheet of paper.',
        ],
        steps: [
          'Write each core idea on a separate card.',
          'Arrange the cards on the sheet so that related ideas sit close together.',
          'Draw a line wherever two ideas are connected.',
          'Label every line with a verb that says how they are connected.',
          'Mark any line [p.he] could not label: those are the gaps.',
        ],
        result: [
          'Most lines get labels; three do not.',
          'Those three unlabelled links become [p]’s study plan for the next week, and the heap of pieces has become a map.',
        ],
        exercise: [
          'Why did [p] insist on labelling every line with a verb?',
          'Because an unlabelled line only says “these are related”, which hides vague thinking. A verb says how they are related, and being unable to find one reveals a gap in understanding.',
        ],
      },
      {
        title: '[p] tests an analogy',
        setup: [
          '[^q] explains an idea from [subject] to [p.full], [p.role], by comparing it with something from daily life at [here]: the [thing].',
          '[^p] finds the comparison helpful, and wants to know how far to trust it.',
        ],
        steps: [
          'Write the analogy as a sentence: “the idea is like the [thing] because …”.',
          'List three ways the two are alike.',
          'List three ways they differ.',
          'For each difference, ask whether it matters for the question at hand.',
          'Write a corrected sentence that keeps the analogy but states its limit.',
        ],
        result: [
          'The analogy holds for the simple cases and breaks down for the interesting ones.',
          '[^p]’s corrected sentence keeps what helps and flags what misleads, which is how analogies should be used.',
        ],
        exercise: [
          'Why should you list the ways an analogy fails, not just the ways it works?',
          'Because an analogy used without its limits will eventually mislead you in exactly the cases where the two things differ. Knowing the limits keeps the help and removes the danger.',
        ],
      },
    ],
    keyPoints: [
      'Connected ideas are remembered and understood; isolated ones are forgotten.',
      'Every analogy breaks down somewhere: use it, and know where.',
      'Label the links in your concept map with verbs; an unlabelled link hides a gap.',
    ],
    exercises: [
      [
        'Why are connected ideas easier to remember than isolated facts?',
        'Because each connection is another route back to the idea. A connected idea can be reached from many directions; an isolated one can only be reached from itself.',
      ],
      [
        'Choose an analogy for an idea in [subject]. List three similarities and three differences.',
        'Answers will vary. Check that the differences include at least one that matters for how the idea behaves.',
      ],
      [
        'Make a comparison table for two ideas in [subject] with at least four rows.',
        'Answers will vary. A good table includes at least one row where the two ideas clearly differ, and says why.',
      ],
      [
        'Name another subject you know well. Describe one connection between it and [subject].',
        'Answers will vary. Strong answers name a shared method, structure or problem, not just a shared word.',
      ],
      [
        'Draw a concept map of this course so far with labelled links.',
        'Answers will vary. Check every link has a verb; any link you cannot label marks something to revisit.',
      ],
      [
        'Compare your concept map with the rough map from the first lesson. What has changed?',
        'Answers will vary. Typical changes include new areas, links that were wrong and have been corrected, and early questions replaced by sharper ones.',
      ],
    ],
    summaries: [
      [
        'Understanding [subject] means seeing how its ideas connect, to each other and to the rest of what you know.',
        'You have used analogies with care, built comparison tables and drawn a map of the course.',
        'Next, “[next]”.',
      ],
      [
        'The pieces of [subject] now hang together.',
        'Keep adding to your map as you learn; it is the best single picture of your understanding.',
        'On to “[next]”.',
      ],
    ],
    terms: [
      [
        'analogy',
        'A comparison that explains one thing by its likeness to another; useful, but always limited somewhere.',
      ],
      [
        'comparison table',
        'A table that sets two or more ideas side by side against the same questions, to bring out their differences.',
      ],
      ['labelled link', 'A connection in a concept map marked with a verb that says how the two ideas are related.'],
    ],
  },

  explaining: {
    titles: ['Explaining [Subject] to Others', 'Teach It to Learn It', 'Saying It Plainly'],
    objectives: [
      'explain an idea from [subject] in plain words to a beginner',
      'find the gaps in your understanding by trying to explain',
      'choose a good example for a particular listener',
      'answer questions you cannot answer honestly',
      'write a short explanation that stands on its own',
    ],
    headings: ['Explaining as a test', 'Plain words', 'Knowing your listener'],
    explain: [
      [
        'The surest test of understanding is to explain an idea to someone who does not know it.',
        'Explaining forces you to put the parts in order, to choose words the listener knows, and to fill the gaps you had been stepping over without noticing.',
        'Every stumble is a gap found.',
      ],
      [
        'Plain words are harder than jargon.',
        'Specialist terms let you gesture at an idea without unpacking it; plain words make you unpack it.',
        'Try explaining a core idea of [subject] without any of its technical terms. Where you cannot, you may be repeating the term without understanding it.',
      ],
      [
        'A good explanation starts from what the listener already knows.',
        'The same idea explained to [q.role] and to a child needs different starting points and different examples.',
        'Ask first what they know; then build from there.',
      ],
      [
        'Examples carry explanations.',
        'Choose one that is concrete, familiar to the listener, and clearly an instance of the idea.',
        'Then, if there is time, a second example that looks different on the surface, so the listener can see what the two share.',
      ],
      [
        'You will be asked questions you cannot answer.',
        'Say so. “I don’t know, but here is how we could find out” is an honest answer and a useful one.',
        'Bluffing teaches the listener something wrong and teaches you nothing.',
      ],
    ],
    subheadings: ['The gaps explaining reveals', 'One idea, two listeners', 'Writing it down'],
    deeper: [
      [
        'After each attempt to explain, write down where you hesitated, where you reached for a technical word, and what the listener asked.',
        'That list is a precise map of where your understanding of [subject] is thin.',
      ],
      [
        'Explain the same idea twice, to two imagined listeners with different backgrounds.',
        'The parts that change between the two versions are the packaging; the parts that stay the same are the idea itself.',
      ],
      [
        'A written explanation must stand on its own: the reader cannot interrupt to ask what you meant.',
        'Write one page on an idea from [subject], put it away for a day, and read it as a stranger would.',
        'Every place you have to guess what you meant needs rewriting.',
      ],
    ],
    examples: [
      {
        title: '[p] explains an idea to [q]',
        setup: [
          '[^q.full], [q.role], asks [p.full] at [here] to explain one idea from [subject].',
          '[^p] has read about it many times and expects this to be easy.',
        ],
        steps: [
          'Ask [q] what [q.he] already knows about it, and start from there.',
          'Explain the idea in plain words, without its technical terms.',
          'Give one concrete example from life at [here].',
          'Ask [q] to explain it back.',
          'Note every point where [p.he] hesitated or [q] got lost.',
        ],
        result: [
          '[^p] hesitates twice, both times at a step [p.he] had always taken on trust.',
          'The explanation works in the end, but the real gain is [p]’s: two gaps found that no amount of re-reading had revealed.',
        ],
        exercise: [
          'Why did [p] ask [q] to explain the idea back?',
          'Because a listener nodding along does not show understanding. Hearing the idea back shows what actually arrived, and where the explanation lost the listener.',
        ],
      },
      {
        title: '[p] writes a one-page explanation',
        setup: [
          '[^p.full], [p.role], is asked to leave a note at [here] explaining an idea from [subject] for whoever comes next.',
          'Nobody will be there to answer questions.',
        ],
        steps: [
          'Write one sentence saying what the idea is for.',
          'Explain it in order, in plain words.',
          'Add one example and one near miss that does not count.',
          'Put the page away overnight.',
          'Reread it as a stranger, and rewrite every sentence that needs its author to explain it.',
        ],
        result: [
          'Overnight, three sentences that had seemed clear turn out to depend on things [p] knew but never wrote.',
          'The rewritten page is longer, plainer and genuinely usable by a stranger.',
        ],
        exercise: [
          'Why did [p] put the page away overnight before rereading it?',
          'Because immediately after writing, you read what you meant rather than what you wrote. A day’s distance lets you read the page as a stranger would and see where it depends on knowledge it does not contain.',
        ],
      },
    ],
    keyPoints: [
      'If you cannot explain an idea in plain words, you have found a gap in your understanding.',
      'Start from what the listener knows, and choose examples from their world.',
      '“I don’t know, but here is how we could find out” is a good answer.',
    ],
    exercises: [
      [
        'Explain one core idea of [subject] in plain words, without any technical terms, in no more than five sentences.',
        'Answers will vary. Mark any place where you wanted to use a technical term; those are the places to study further.',
      ],
      [
        'Why are plain words harder than technical terms?',
        'Because technical terms let you refer to an idea without unpacking it, while plain words make you spell out what it actually means.',
      ],
      [
        'How would your explanation of an idea in [subject] differ for a child and for an adult beginner?',
        'Answers will vary. The core idea should stay the same; the starting point, vocabulary and examples should change to suit what each listener already knows.',
      ],
      [
        'What should you do when you are asked a question you cannot answer?',
        'Say that you do not know, and suggest how the answer could be found. Bluffing spreads errors and hides a gap you could have learned from.',
      ],
      [
        'Write a one-page explanation of an idea in [subject] and reread it the next day. What did you change?',
        'Answers will vary. Most people find sentences that relied on knowledge the page did not contain.',
      ],
      [
        'Why is a second example that looks different on the surface useful in an explanation?',
        'Because it shows the listener which features belong to the idea and which only belonged to the first example.',
      ],
    ],
    summaries: [
      [
        'Explaining is the sharpest test of understanding and one of the best ways to learn [subject].',
        'Use plain words, start from your listener, choose examples carefully, and be honest about what you do not know.',
        'The last lesson, “[next]”, brings everything together.',
      ],
      [
        'Teaching someone else is learning twice.',
        'Each explanation of [subject] you attempt shows you where you are solid and where you are not.',
        'Now, “[next]”.',
      ],
    ],
    terms: [
      [
        'plain-words explanation',
        'An explanation that avoids technical terms, used to check whether the explainer understands what those terms stand for.',
      ],
      [
        'near miss',
        'An example that resembles an instance of an idea but does not count, used to show the idea’s boundary.',
      ],
    ],
  },

  review: {
    titles: ['Review and Next Steps', 'Bringing It All Together', 'Looking Back, Looking Ahead'],
    objectives: [
      'summarise what you have learned about [subject] in a page',
      'revise your working definition in the light of the course',
      'judge your own progress against the questions you set at the start',
      'plan your next steps in [subject]',
      'choose sources to continue learning on your own',
    ],
    headings: ['Looking back', 'Your definition, revisited', 'Where to go from here'],
    explain: [
      [
        'A course ends; a subject does not.',
        'This final lesson is about consolidating what you have learned about [subject] and planning how to keep learning without a textbook to guide you.',
      ],
      [
        'Start by looking back.',
        'Find the working definition you wrote in the first lesson and the questions you hoped the course would answer.',
        'Read them as if someone else had written them. What would you now tell that person?',
      ],
      [
        'Then write a new definition.',
        'Compare it with the old one: what did you add, what did you remove, what did you say more precisely?',
        'The distance between the two is the most honest measure of what you have learned.',
      ],
      [
        'Summarise the course in a single page, from memory: the core ideas of [subject], how they connect, the methods for finding out, the common mistakes, and one thing you can now do that you could not before.',
        'Only then check against your notes.',
      ],
      [
        'Finally, plan.',
        'Choose one area of [subject] to go deeper into, one habit from this course to keep (retrieval, spacing, checking, explaining), and one kind of source to look for next: an introduction written by someone who works in the field, a reference work, a community of practitioners, or a course.',
      ],
    ],
    subheadings: ['The questions you started with', 'Learning on your own', 'Keeping it going'],
    deeper: [
      [
        'Go through your original questions one by one.',
        'Some are answered; mark them.',
        'Some now seem badly put; rewrite them.',
        'Some are still open, and some new ones have appeared. Those open and new questions are the beginning of your next stage in [subject].',
      ],
      [
        'Learning on your own needs the same tools this course used: a map, a glossary, methods, checks, practice, and someone to explain things to.',
        'The difference is that you choose the order.',
        'Choose deliberately, starting with whatever the rest depends on.',
      ],
      [
        'Keep a little of [subject] in every week: a short session of recall, a problem, a page of reading with the five questions applied to it.',
        'Small, regular contact keeps a subject alive far better than an occasional heroic effort.',
      ],
    ],
    examples: [
      {
        title: '[p] reviews the course',
        setup: [
          'At the end of the course, [p.full], [p.role], sits down at [here] with [p.his] first-week notes on [subject].',
        ],
        steps: [
          'Reread the original working definition and questions.',
          'Write a new definition from memory and compare the two.',
          'Mark each original question: answered, rewritten or still open.',
          'Write a one-page summary from memory, then check it against the notes.',
          'Choose one area to study next, one habit to keep and one source to find.',
        ],
        result: [
          '[^p]’s new definition is shorter and more exact than the first, and half [p.his] original questions have been replaced by better ones.',
          'The plan for what comes next fits on a card, which [p.he] pins above [p.his] desk.',
        ],
        exercise: [
          'Why did [p] write the summary from memory before checking the notes?',
          'Because writing from memory is retrieval practice and shows what has really been learned. Checking afterwards reveals any gaps to fill before moving on.',
        ],
      },
      {
        title: '[p] and [q] plan what comes next',
        setup: [
          '[^p.full], [p.role], and [q] have finished studying [subject] together at [here], and want to keep going without a course.',
        ],
        steps: [
          'Each lists the three questions about [subject] they most want answered now.',
          'They choose the one question they share.',
          'They decide which kind of source to look for: an introduction by someone in the field, a reference work, or a group of practitioners.',
          'They agree to meet once a week and explain one thing each to the other.',
          'They set a date, a month away, to review how it is going.',
        ],
        result: [
          'The shared question gives them a direction; the weekly explanations keep them honest.',
          'The review date means the plan will be checked, which, as they learned in this course, is the step most plans leave out.',
        ],
        exercise: [
          'Which habits from this course can you see in [p] and [q]’s plan?',
          'Explaining to others (the weekly meeting), a clear question (the shared one), choosing sources deliberately, and a check (the review date a month away).',
        ],
      },
    ],
    keyPoints: [
      'The distance between your first definition of [subject] and your last is the measure of what you learned.',
      'Keep the habits: map, glossary, method, check, practice, explanation.',
      'A subject stays alive through small, regular contact.',
    ],
    exercises: [
      [
        'Write a new working definition of [subject] and compare it with your first.',
        'Answers will vary. A good comparison names specific changes: what was added, removed or made more precise, and why.',
      ],
      [
        'Sort your original questions into answered, rewritten and still open.',
        'Answers will vary. It is normal for many to be rewritten; better questions are one of the main results of learning.',
      ],
      [
        'Summarise the course in one page from memory, then check against your notes.',
        'Answers will vary. Note the gaps your summary revealed; they are your first study tasks after the course.',
      ],
      [
        'Which habit from this course will you keep, and how will you fit it into a normal week?',
        'Answers will vary. The best answers are specific: which habit, which day, how long.',
      ],
      [
        'What kinds of sources could you use to keep learning [subject]?',
        'For example: introductions written for general readers by people who work in the field; reference works such as subject encyclopaedias and dictionaries; courses; and communities of practitioners. Apply the five questions from the lessons to any source.',
      ],
      [
        'Plan your next month of learning in [subject] on a single card.',
        'Answers will vary. A good plan names an area to study, a habit to keep, a source to find, and a date to review progress.',
      ],
    ],
    summaries: [
      [
        'You began this course with a rough map of [subject] and a handful of questions.',
        'You end it with a better map, sharper questions, and the habits to keep learning on your own.',
        'That is what a first course is for.',
      ],
      [
        'Looking back shows how far you have come; looking ahead shows how far there is to go, which is the good news about any subject worth studying.',
        'Keep your glossary, your error log and your questions. [^subject] will still be there, and so, now, will you.',
      ],
    ],
    terms: [
      [
        'consolidation',
        'Bringing together and strengthening what has been learned, for example by summarising from memory and revising definitions.',
      ],
      [
        'reference work',
        'A book or resource, such as a subject encyclopaedia or dictionary, meant to be consulted for orientation rather than read through.',
      ],
    ],
  },
};

/** The lesson's opening paragraph after the first lesson. */
export const LESSON_OPENINGS: readonly (readonly string[])[] = [
  [
    'In “[previous]” you laid some groundwork.',
    'This lesson builds on it, and on the habit you have been forming all along: asking, of everything you read about [subject], what it means and how you would check it.',
  ],
  [
    'This lesson picks up where “[previous]” left off.',
    'If anything in that lesson is still unclear, spend five minutes recalling it from memory before you go on; it will make what follows easier.',
  ],
  [
    'By now you have met several ideas about how to study [subject].',
    'This lesson adds another, and like the others it works best if you try it rather than only read about it.',
  ],
  [
    'Before starting, take a minute to recall the main point of “[previous]” without looking.',
    'Then read on: this lesson takes the next step.',
  ],
  [
    'Each lesson in this course gives you one more tool for [subject].',
    'This one is worth particular attention, because many learners never meet it at all.',
  ],
  [
    'A quick check before we begin: could you explain the key point of “[previous]” to [q] in two sentences?',
    'If so, you are ready. If not, go back and try once more; the lessons build on each other.',
  ],
  [
    'Studying [subject] is a little like the work of [p.role]: steady, practical, and better for a good set of tools.',
    'Here is the next one.',
  ],
  [
    'So far the course has been laying foundations.',
    'This lesson builds on them, and asks you to do a little more of the work yourself.',
  ],
  [
    'You have come a good way since the first page.',
    'This lesson continues the journey through [subject], with a new method, a worked example and a set of exercises.',
  ],
  [
    'Think back to the worked example in “[previous]”.',
    'The person in it did not succeed by talent but by following a method. The same is true here.',
  ],
  [
    'This lesson is shorter on theory and longer on practice.',
    'Read the explanation once, then spend most of your time on the example and the exercises.',
  ],
];

/** The first lesson's opening paragraph. */
export const FIRST_OPENINGS: readonly (readonly string[])[] = [
  [
    'Welcome to [subject].',
    'This course assumes no previous knowledge, only curiosity and a pencil.',
    'Each lesson gives you a method for learning the subject, shows it at work in an example, and then asks you to try it yourself.',
  ],
  [
    'This is a course for beginners in [subject].',
    'It will not ask you to memorise long lists; it will ask you to think, to practise and to check.',
    'Start here, and take the lessons in order.',
  ],
  [
    'Every expert in [subject] was once a beginner, standing where you stand now.',
    'This first lesson is about finding your bearings: what the subject is, why it matters, and what you already know.',
  ],
];

/** Headings over the objectives list. */
export const OBJECTIVE_HEADINGS: readonly string[] = [
  'Learning objectives',
  'What you will be able to do',
  'Objectives',
  'By the end of this lesson',
];

/** A sentence after a worked example's setup saying what kind of example it is. */
export const ILLUSTRATION_NOTES: readonly string[] = [
  '(The people and places in this course’s examples are invented; the method is the real lesson.)',
  '([^p] is an invented character, set in a [styleLabel] world; the steps are what matter.)',
  '(An illustration: the setting is imaginary, the method is not.)',
  '(This is an invented scene, used to show the method at work.)',
  '([^p] and [here] are inventions of this book; treat the example as a demonstration of method, not a report.)',
];

/** Side notes set in the style's world: filler that keeps the world present. */
export const FIELD_NOTES: readonly (readonly string[])[] = [
  [
    'At [there], [r.full], [r.role], kept a small notebook for [subject]: one page per idea, with a question at the top and an answer at the bottom, filled in only once [r.he] could say it without looking.',
    'It is an invented habit of an invented person, and a real habit worth copying.',
  ],
  [
    '[^r.full], [r.role], studied [subject] [time], while [sight].',
    'Nothing about the setting made the work easier. What helped was that [r.he] studied at the same time every day, so that starting took no decision.',
  ],
  [
    'One evening at [here], [r] was explaining an idea from [subject] to [extra].',
    'Halfway through, [r.he] stopped and said, “Wait. I don’t think I understand this part myself.”',
    'That sentence is the beginning of real learning.',
  ],
  [
    'In the world of these examples, [r.full], [r.role], studies with [object] on the table and the [thing] on [r.his] mind; you may study at a kitchen table.',
    'The setting changes; the habits do not. Short sessions, honest checks and questions written down work anywhere.',
  ],
  [
    '[^r], [r.role], once said that [subject] [subject.was] “like the [thing]: easy to describe and hard to do well”.',
    'It is an invented line from an invented person, but most learners will recognise the feeling.',
  ],
  [
    'Suppose [extra] asks [r] at [there] why anyone would bother learning [subject].',
    '[^r] does not answer with a lecture. [^r.he] answers with an example of something [r.he] can now do, or understand, that [r.he] could not before, which is the only answer that ever convinces anyone.',
  ],
  [
    'A scene to keep in mind: [r.full] at [there], [time], going over the same page three times and getting it wrong three times.',
    'On the fourth attempt [r.he] changes the method rather than the effort, and it works. Effort matters; direction matters more.',
  ],
  [
    'At [there], [r] and [q] test each other on [subject] with cards: question on one side, answer on the other.',
    'They shuffle the cards every time, so that the order of the questions never gives the answers away.',
  ],
  [
    '[^r] keeps [r.his] notes on [subject] beside [object], where [r.he] cannot help seeing them every day.',
    'The point is not the hiding place but the habit of writing things down where you will find them again.',
  ],
  [
    '[^r.full] studies [subject] in stolen minutes at [there], between the ordinary jobs of [r.role].',
    'Ten minutes of recall a day, [r.he] finds, beats an hour of reading once a week.',
  ],
  [
    'Once, [time], while [sight], [q] asked [r] how [r.he] remembered so much about [subject].',
    '“I don’t,” said [r]. “I just test myself before I forget it completely.”',
  ],
  [
    'At [here], [r] pinned a single question about [subject] to the wall each week and answered it on the last day.',
    'Fifty-two questions a year is a modest number. Fifty-two answered questions is a respectable education.',
  ],
];

/** Study tips under a level-3 heading: useful advice, independent of the subject. */
export const STUDY_TIPS: readonly (readonly string[])[] = [
  [
    'Study in short sessions with a clear goal for each: “explain this idea from memory” rather than “study [subject] for an hour”.',
    'A goal tells you when you have finished, and finishing is motivating.',
  ],
  [
    'When you finish a section, close the book and write the three most important things from it.',
    'Then check. The gap between what you wrote and what the book says is the most useful thing you will learn that day.',
  ],
  [
    'Keep one notebook for [subject], and date every entry.',
    'A dated notebook shows your progress in a way memory cannot, and on a discouraging day it proves you have come a long way.',
  ],
  [
    'Put away distractions while you study, even for twenty minutes.',
    'Switching attention has a cost, and a short session of full attention does more than a long one of half attention.',
  ],
  [
    'Sleep is part of studying.',
    'Memories are strengthened between sessions, not only during them, so a short session today and another tomorrow usually beats a long one tonight.',
  ],
  [
    'Study with someone if you can.',
    'Explaining to each other, testing each other and comparing mistakes are three of the most effective ways to learn, and all three need a second person.',
  ],
  [
    'When reading, pause at the end of each paragraph and ask: what was that paragraph for?',
    'If you cannot say, read it again more slowly. If you still cannot, mark it as a question.',
  ],
  [
    'Make your own examples.',
    'The examples in a book are chosen to be clear; the ones you make yourself show whether you can recognise the idea when nobody has chosen the example for you.',
  ],
  [
    'Do the exercises before reading the answers, even if you are unsure.',
    'A wrong attempt followed by the right answer teaches more than the right answer alone, because you see exactly where your thinking went astray.',
  ],
  [
    'Vary where and when you study [subject] now and then.',
    'Knowledge tied to one desk and one hour can be harder to use anywhere else.',
  ],
  [
    'Draw things.',
    'A sketch, a diagram or a table often shows in a moment a relation that takes a paragraph to describe, and drawing forces you to decide what the relation actually is.',
  ],
  [
    'Ask “why?” about every rule you meet.',
    'A rule with a reason is easier to remember and easier to apply correctly, because the reason tells you when the rule stops applying.',
  ],
  [
    'At the start of each session, spend two minutes recalling the last one.',
    'It costs almost nothing and it connects today’s work to yesterday’s.',
  ],
  [
    'If a topic feels boring, look for the question it answers.',
    'Most dull material becomes interesting once you know what problem it was invented to solve.',
  ],
];

/** Headings over a study tip. */
export const TIP_HEADINGS: readonly string[] = ['Study tip', 'A habit worth building', 'Try this', 'Learning note'];

/** Headings over a field note. */
export const FIELD_HEADINGS: readonly string[] = [
  'From the world of the examples',
  'An illustration',
  'A scene from the field',
  'In the field',
];

/** Headings over the exercises. */
export const EXERCISE_HEADINGS: readonly string[] = [
  'Exercises',
  'Check your understanding',
  'Practice questions',
  'Try it yourself',
];

/** Headings over the summary. */
export const SUMMARY_HEADINGS: readonly string[] = ['Summary', 'Lesson summary', 'In brief', 'What to take away'];

/** Headings over a worked example, before its title. */
export const EXAMPLE_LABELS: readonly string[] = ['Worked example', 'Example', 'Worked example', 'A worked example'];

/** Book titles; `action` topics use the forms with "how to". */
export const TEXTBOOK_TITLES = {
  noun: [
    '[Subject]: A First Course',
    'An Introduction to [Subject]',
    'Understanding [Subject]',
    '[Subject]: The Essentials',
  ],
  action: ['[Title]: A First Course', 'Learning to [aim:title]', '[Title], Step by Step'],
};

/** Paragraphs of the foreword. */
export const TEXTBOOK_FOREWORDS: readonly (readonly string[])[] = [
  [
    'This book is a first course in [subject].',
    'It does not try to tell you everything; it tries to give you the methods to find out, understand and use what you need.',
    'Each lesson has objectives, an explanation, a worked example, exercises with model answers and a summary; the glossary at the back collects the terms the course introduces.',
  ],
  [
    'The examples in this course are set in a [styleLabel] world, among invented people such as [hero.full] and [ally.full].',
    'They are illustrations, not records: the methods are real, the people are not.',
    'For facts about [subject] itself, use the kinds of sources recommended in the last lesson, and check them with the questions this course teaches.',
  ],
];

/** The front matter's objectives: what the whole course lets the reader do, one per lesson step. */
export const COURSE_OBJECTIVES: Record<LessonStep, string> = {
  orientation:
    'Describe what [subject] deal[subject.s] with and why [subject.it] matter[subject.s], in a working definition of your own',
  vocabulary: 'Build and use a working glossary of the key terms of [subject]',
  parts: 'Divide [subject] into its core ideas and study them in a sensible order',
  methods: 'Use a clear method, with a record and a check, to find things out',
  evidence: 'Weigh claims about [subject] and judge the sources they come from',
  problems: 'Solve problems step by step, and get yourself unstuck',
  practice: 'Practise in ways that make what you learn last',
  mistakes: 'Recognise common mistakes and misconceptions, and correct your own',
  applying: 'Apply [subject] to new situations, and know when to ask for help',
  connecting: 'Connect the ideas of [subject] to each other and to what you already know',
  explaining: 'Explain [subject] plainly to someone else',
  review: 'Plan how to keep learning [subject] on your own',
};
