/**
 * The non-fiction book's argument, carried across its chapters: that a
 * subject is best understood as the work of people, shaped by conditions,
 * with uneven consequences and provisional knowledge. The argument holds for
 * a science, an invention, a habit or a virtue, so it needs no facts the
 * engine does not have. Each chapter makes one claim with reasons, an
 * illustrative case from the style's world (labelled as invented), an
 * objection with a reply, and a conclusion; the sources chapter tells the
 * reader how to test each claim.
 *
 * Slots beyond the world's: `subject`, `Subject`, `subject.is|was|has|it|its|them`,
 * people `p`, `q`, `r`, places `here`, `there`, titles `title`, `next`, `previous`.
 */

export type ArgumentStep =
  | 'thesis'
  | 'simple'
  | 'people'
  | 'conditions'
  | 'tradeoffs'
  | 'knowledge'
  | 'disagreement'
  | 'change'
  | 'everyday'
  | 'values'
  | 'now'
  | 'conclusion';

export const ARGUMENT_PLANS: Record<'2.0' | '3.0', readonly ArgumentStep[]> = {
  '2.0': ['thesis', 'simple', 'people', 'conditions', 'tradeoffs', 'knowledge', 'now', 'conclusion'],
  '3.0': [
    'thesis',
    'simple',
    'people',
    'conditions',
    'tradeoffs',
    'knowledge',
    'disagreement',
    'change',
    'everyday',
    'values',
    'now',
    'conclusion',
  ],
};

export interface ChapterMaterial {
  titles: readonly string[];
  openings: readonly (readonly string[])[];
  /** The chapter's claim in one or two sentences. */
  claims: readonly string[];
  /** Paragraphs giving reasons for the claim. */
  reasons: readonly (readonly string[])[];
  /** Illustrative cases about `p` (and `q`, `r`) in the style's world, in the past tense. */
  cases: readonly (readonly string[])[];
  /** What would support or weaken the claim. */
  evidence: readonly (readonly string[])[];
  /** An objection and the reply to it. */
  objections: readonly (readonly [readonly string[], readonly string[]])[];
  conclusions: readonly (readonly string[])[];
  /** For the sources chapter: the claim in a phrase, and what evidence would test it. */
  claimPhrase: string;
  test: string;
}

/** The thesis of the whole book, as it is stated in the first chapter and restated in the last. */
export const THESIS =
  '[subject] [subject.is] best understood not as a fixed thing with a single story, but as the work of people, shaped by the conditions they worked in, with consequences that fell unevenly and knowledge that is always open to revision';

export const CHAPTERS: Record<ArgumentStep, ChapterMaterial> = {
  thesis: {
    titles: ['Why [Subject] Deserves a Closer Look', 'Looking Again at [Subject]', 'The Question of [Subject]'],
    openings: [
      [
        'Most of us think we know what [subject] [subject.is].',
        'We have heard the usual story, picked up a few phrases, perhaps formed an opinion.',
        'This book begins from the suspicion that the usual story leaves out most of what matters.',
      ],
      [
        'There are subjects we meet so often that we stop seeing them, and [subject] [subject.is] one of them.',
        'This book is an attempt to look again: slowly, with questions, and without pretending to more certainty than the evidence allows.',
      ],
    ],
    claims: [
      'The argument of this book is that [thesis].',
      'This book argues one thing, in several steps: that [thesis].',
    ],
    reasons: [
      [
        'Why make such an argument at all?',
        'Because the way we picture a subject decides what questions we ask about it.',
        'If [subject] [subject.is] a finished thing with one story, there is nothing left to ask. If [subject.it] [subject.is] the work of people in particular conditions, almost everything is still worth asking.',
      ],
      [
        'The argument is also a kind of method.',
        'Each chapter takes one part of it (the people, the conditions, the consequences, the evidence) and asks what changes when we look at [subject] through that lens.',
        'The reader does not need to accept the whole argument to find the lenses useful.',
      ],
      [
        'It is worth saying clearly what this book is not.',
        'It is not a chronicle, and it offers no statistics, dates or citations of its own.',
        'It is an argument about how to think about [subject], illustrated with invented cases and built to be tested against real sources; the notes at the end explain how.',
      ],
      [
        'Finally, the argument matters beyond [subject].',
        'The habits it recommends (distrusting single stories, looking for the people behind events, weighing evidence, taking disagreement seriously) are useful wherever we have to make up our minds about something complicated.',
      ],
      [
        'There is a practical reason too.',
        'Readers of this book will go on meeting claims about [subject] long after they have forgotten its chapters.',
        'An argument that leaves them with better questions will outlast one that leaves them with a few facts.',
      ],
    ],
    cases: [
      [
        'Consider [p.full], [p.role], who had lived for years at [here] with a settled view of [subject].',
        'It was the view everyone around [p.him] held, and [p.he] had never had reason to question it.',
        'Then, [time], [q] asked [p.him] a question about [subject] that [p.he] could not answer, and the settled view began, very slightly, to move.',
        'Nothing dramatic followed. [^p] simply started asking questions, and found that each answer led to two more.',
      ],
      [
        'Picture [p.full], [p.role], at [here], hearing [subject] discussed by people who plainly knew more than [p.he] did.',
        'What struck [p.him] was not how much they knew but how differently they saw it: [q] spoke of people, [r] of circumstances, and a third voice only of results.',
        '[^p] came away with the suspicion that each of them was describing a different part of the same thing.',
      ],
    ],
    evidence: [
      [
        'What would show this argument to be right, or wrong?',
        'If careful accounts of [subject] that attend to people, conditions and consequences turn out to explain more than the familiar story does, the argument gains ground.',
        'If they add nothing, or if the familiar story survives every test, it loses ground, and the reader should say so.',
      ],
      [
        'The argument also makes a prediction about sources.',
        'It predicts that the fuller the account of [subject], the more people, circumstances and disagreements it will contain.',
        'That prediction is easy to check against any good library shelf.',
      ],
    ],
    objections: [
      [
        [
          'A reader might object at once: is this not making something simple complicated?',
          'Surely [subject] [subject.is] what [subject.it] [subject.is], and the usual story exists because it is broadly right.',
        ],
        [
          'The usual story may well be broadly right in places; this book does not assume otherwise.',
          'The claim is only that it is incomplete, and that the missing parts (the people, the conditions, the costs) are often where the most interesting questions live.',
          'Complication is not the goal. Accuracy is.',
        ],
      ],
      [
        ['Another objection: without facts and figures, what can an argument like this add?'],
        [
          'It can add questions, and a way of organising what we find.',
          'Facts about [subject] are best found in the sources the notes recommend; what this book offers is a frame for reading them, and a set of claims that those facts can confirm or overturn.',
        ],
      ],
    ],
    conclusions: [
      [
        'That is the argument in outline.',
        'The chapters that follow take it one step at a time, beginning with “[next]”.',
        'At each step, the reader is invited not to agree but to check.',
      ],
      [
        'The rest of the book tests this claim from several sides.',
        'It starts, in “[next]”, with the most familiar thing about [subject]: the story we usually tell.',
      ],
    ],
    claimPhrase: 'that [subject] [subject.is] best understood as the work of people in particular conditions',
    test: 'look for accounts of [subject] that name the people involved and describe the circumstances they worked in, and compare them with accounts that do neither',
  },

  simple: {
    titles: ['The Trouble With the Usual Story', 'Beyond the Simple Story', 'What the Familiar Account Leaves Out'],
    openings: [
      [
        'Every subject has its familiar story: a few names, a turning point, a moral.',
        'The story of [subject] is no exception, and like most such stories it is easier to remember than to check.',
      ],
      [
        'We like stories with a clear beginning, a hero and a lesson.',
        'They are easy to tell and easy to repeat, which is exactly why they deserve suspicion.',
      ],
    ],
    claims: [
      'The familiar story of [subject] is too simple: it gives one cause where there were many, one hero where there were crowds, and one meaning where there were several.',
      'Simple stories about [subject] are not so much false as incomplete, and what they leave out changes what they mean.',
    ],
    reasons: [
      [
        'Simple stories survive because they are memorable, not because they are accurate.',
        'A story with one cause and one hero can be told in a sentence and passed on intact.',
        'A story with many causes and many people cannot, and so, over time, it is the simple version that spreads.',
      ],
      [
        'The single cause is the usual casualty.',
        'Real outcomes tend to have several causes working together, some deliberate and some accidental.',
        'When a story about [subject] names only one, it is worth asking what else had to be true for that cause to matter.',
      ],
      [
        'The lone hero is another.',
        'Where one name is remembered, many others usually did work that made that name possible: teachers, rivals, assistants, the people who kept things running.',
        'Their absence from the story is a fact about storytelling, not about [subject].',
      ],
      [
        'Simple stories also tend to have convenient morals.',
        'They say what the teller already believed.',
        'When a story about [subject] fits its teller’s views a little too neatly, that is a reason to look for other tellers.',
      ],
      [
        'Simple stories also tend to hide their own sources.',
        'Told often enough, a story about [subject] stops sounding like anyone’s account and starts sounding like plain fact.',
        'Recovering whose story it was is the first step in judging it.',
      ],
    ],
    cases: [
      [
        'Consider [p.full], [p.role], who learned the usual story of [subject] from [q] at [here], and repeated it for years.',
        'It was a good story, with a beginning, a hero and a lesson.',
        'Then [p.he] met [r], who had been close to the events in question, and who told it quite differently: more people, more accidents, and no tidy lesson at all.',
        '[^p] did not conclude that [q] had lied. [^p.he] concluded that [q]’s story had been worn smooth by retelling.',
      ],
      [
        'Imagine [p.full], [p.role], setting out to write down the story of [subject] as it was told at [here].',
        'Every version [p.he] collected agreed on the outline.',
        'But when [p.he] asked each teller where they had learned it, the trail led back, in almost every case, to the same single source.',
        'What had looked like wide agreement was one story, told many times.',
      ],
    ],
    evidence: [
      [
        'The claim would be supported if detailed accounts of [subject] name more causes and more people than the popular version does, and weakened if the popular version turns out to match them closely.',
        'Either result is worth knowing.',
      ],
      [
        'A useful test is to trace a familiar story about [subject] back to its earliest version.',
        'If the earliest version is more hedged, more crowded or less tidy than the one in circulation, simplification has been at work.',
      ],
    ],
    objections: [
      [
        [
          'It may be said that simple stories have their uses: nobody can carry every detail, and a simplified account is better than none.',
        ],
        [
          'That is true, and this chapter does not ask anyone to stop simplifying.',
          'It asks only that we remember a simplification is a simplification, and hold it loosely enough to change it when better evidence arrives.',
        ],
      ],
      [
        [
          'Someone might also say that complicated stories have their own distortions: by spreading responsibility, they can excuse everyone.',
        ],
        [
          'A fair point, and a good reason to be precise rather than vague.',
          'Saying that many people shaped [subject] does not mean no one was responsible for anything; it means responsibility has to be traced carefully, person by person.',
        ],
      ],
    ],
    conclusions: [
      [
        'The usual story of [subject] is a place to start, not a place to stop.',
        'The next chapter, “[next]”, looks at what the simple story most often leaves out: the people.',
      ],
      [
        'We should keep the familiar story, and keep it at arm’s length.',
        'In “[next]”, the argument turns to the many hands behind [subject].',
      ],
    ],
    claimPhrase: 'that the familiar story of [subject] is too simple',
    test: 'compare several accounts of [subject] written by different people for different audiences, and trace each back to where its teller learned it',
  },

  people: {
    titles: ['The Many Hands Behind [Subject]', 'People, Not Just Names', 'The People Behind [Subject]'],
    openings: [
      [
        'If the usual story leaves out most of the people, the obvious next step is to go looking for them.',
        'This chapter asks who actually did the work behind [subject], and what changes when we count them.',
      ],
      [
        'Behind every subject there are people: not only the famous ones, but those who taught, copied, built, maintained, argued and carried on.',
        'In the case of [subject], as in most, they are easy to forget.',
      ],
    ],
    claims: [
      '[^subject] [subject.is] the work of many people, most of them unrecorded, and we understand [subject.them] better when we look for them.',
      'To understand [subject], look past the famous names to the ordinary people whose practices sustained [subject.it].',
    ],
    reasons: [
      [
        'Work that is repeated every day is rarely written down.',
        'The people who did it did not think of it as remarkable, and those who kept records were usually interested in something else.',
        'Yet it is this ordinary, repeated work that keeps most things going, and [subject] [subject.is] unlikely to be an exception.',
      ],
      [
        'Looking for the people also changes which questions we ask.',
        'Instead of “who was first?” we start asking “who taught whom?”, “who paid?”, “who did the work, and under what terms?”.',
        'These questions often explain more than the search for a single originator.',
      ],
      [
        'People bring their own interests, skills and limits.',
        'A practice shaped by particular people carries their habits and blind spots with it.',
        'Knowing who shaped [subject] helps explain why [subject.it] took the form [subject.it] did, rather than some other.',
      ],
      [
        'Finally, looking for people is a matter of fairness.',
        'Those who did the work deserve to be counted, even when we cannot name them.',
        'Acknowledging that they existed is the least that an honest account can do.',
      ],
      [
        'Counting people also makes [subject] less mysterious.',
        'Achievements that seem to come from nowhere look different when we see the teaching, practice and collaboration behind them.',
        'What looked like a miracle turns out to be work, which is more interesting and more hopeful.',
      ],
    ],
    cases: [
      [
        '[^p.full], [p.role], went around [here] asking everyone what part they had played in [subject].',
        '[^q] had taught it to others for years. [^r] had kept the records nobody read. Others had done the plain, repetitive work that made everything else possible.',
        'None of them would appear in a short account of [subject]. Together, [p] realised, they were most of it.',
      ],
      [
        'Picture [p.full], [p.role], at [here], trying to find out who had really started the practice of [subject] there.',
        'Every trail led to a different person, and each of them, when asked, pointed to someone else who had taught them.',
        'In the end [p] stopped looking for a beginning and started drawing a web.',
      ],
    ],
    evidence: [
      [
        'Evidence for this claim would be records of ordinary work connected with [subject]: lists, accounts, rules, instructions, letters, objects that show the marks of many hands.',
        'Evidence against it would be good reason to think that a very few people really did almost all of it.',
      ],
      [
        'One sign to look for is the gap between who is named and who must have been present.',
        'Any activity connected with [subject] needed more people than the famous names; the question is what traces the others left.',
      ],
    ],
    objections: [
      [
        [
          'An objection: some individuals really did matter more than others, and treating everyone as equally important is its own distortion.',
        ],
        [
          'Agreed. The claim is not that everyone mattered equally, only that many people mattered, and that the ones we remember are not always the ones who mattered most.',
          'Weighing individual contributions is exactly the work this chapter recommends; it cannot be done if most contributors have been left out.',
        ],
      ],
      [
        ['Another objection: if most of these people left no records, what can we actually say about them?'],
        [
          'Less than we would like, but more than nothing.',
          'Traces survive in objects, accounts, rules and the practices themselves; and even where nothing survives, knowing that someone must have done the work keeps us from believing it did itself.',
        ],
      ],
    ],
    conclusions: [
      [
        'Counting the people changes the shape of [subject]: from a line of famous names to a crowded web of work.',
        'But people never work in empty space. The next chapter, “[next]”, turns to the conditions around them.',
      ],
      [
        'The many hands behind [subject] are the first thing the usual story forgets and the first thing worth remembering.',
        'Next, in “[next]”, we ask what shaped what those hands could do.',
      ],
    ],
    claimPhrase: 'that [subject] [subject.is] the work of many people, most of them unrecorded',
    test: 'look for records of ordinary work connected with [subject] (accounts, rules, letters, objects, first-hand descriptions) and note whose names appear and whose do not',
  },

  conditions: {
    titles: ['What Shaped [Subject]', 'Tools, Places and Circumstances', 'The Conditions of [Subject]'],
    openings: [
      [
        'People make things happen, but not in circumstances of their own choosing.',
        'This chapter looks at the conditions (tools, places, resources, rules, chance) that shaped what was possible for [subject].',
      ],
      [
        'Talent and intention explain a great deal, but never everything.',
        'To understand [subject], we also need to ask what the world around it made easy, hard or impossible.',
      ],
    ],
    claims: [
      '[^subject] [subject.was] shaped by conditions (tools, places, resources and rules) at least as much as by the intentions of the people involved.',
      'The circumstances around [subject] decided much of what [subject.it] could become; explaining [subject.it] means explaining them.',
    ],
    reasons: [
      [
        'Tools set limits.',
        'What can be done depends on what there is to do it with, and a change in tools can open or close whole areas of possibility.',
        'Asking what tools were available is one of the quickest ways to understand why [subject] developed as [subject.it] did.',
      ],
      [
        'Places matter too.',
        'Some settings bring people together, some keep them apart; some are rich in what a practice needs, others starved of it.',
        'Much of what looks like individual genius turns out, on closer inspection, to be the right person in the right place.',
      ],
      [
        'Resources (time, money, materials, attention) are never evenly spread.',
        'Who had them, and who did not, decided who could take part in [subject] and who could only watch.',
      ],
      [
        'Rules and customs shape what is permitted, rewarded and punished.',
        'They are easy to overlook because they feel natural to those who live under them.',
        'Part of understanding [subject] is noticing the rules that its participants took for granted.',
      ],
      [
        'Chance belongs among the conditions too.',
        'Timing, weather, health and accident all played a part in [subject], as they do in everything people attempt.',
        'An account with no room for luck is claiming more control over events than anyone has ever had.',
      ],
    ],
    cases: [
      [
        'Take [p.full], [p.role], who tried to take up [subject] at [here].',
        '[^p.he] had the will and the wit. What [p.he] lacked was the right tools, a teacher within reach and an hour to call [p.his] own, and without them, half of what [p.he] wanted to do was simply out of reach.',
        'At [there], [q], with no more talent, had everything [q.he] needed close at hand, and made steady progress.',
        'An outsider comparing them might have called one gifted and the other not. The difference lay mostly in their circumstances.',
      ],
      [
        'Imagine [p.full], [p.role], at [here] [time], where [sight].',
        'Everything [p.he] did with [subject] was shaped by that place: what was nearby, who passed through, what could be afforded, what was frowned on.',
        'When [p.he] moved to [there] years later, [p.he] found [p.his] habits had to change, not because [p.he] had changed, but because the conditions had.',
      ],
    ],
    evidence: [
      [
        'The claim would be supported by cases where the same kind of person, in different conditions, got very different results, or where a change in tools or rules changed what [subject] looked like.',
        'It would be weakened if outcomes turned out to track talent and intention closely, whatever the circumstances.',
      ],
      [
        'Look especially at moments when conditions changed.',
        'If [subject] changed with them, conditions mattered; if it carried on unaltered, perhaps they mattered less than this chapter claims.',
      ],
    ],
    objections: [
      [
        ['An objection: this sounds like determinism, as though people were only puppets of their circumstances.'],
        [
          'It is not meant that way.',
          'Conditions set the range of what is possible; people choose within it, and sometimes change the range itself.',
          'The point is that both matter, and that accounts of [subject] usually give too much credit to choice and too little to circumstance.',
        ],
      ],
      [
        [
          'Someone might reply that conditions are the same for everyone in a given place, so they cannot explain differences between people.',
        ],
        [
          'But conditions are rarely the same for everyone, even in one place.',
          'Access to tools, time and instruction differs between neighbours, and those differences are often exactly what separates one outcome from another.',
        ],
      ],
    ],
    conclusions: [
      [
        'People and conditions together, then, shaped [subject].',
        'But if conditions differ, so do results, and that raises a harder question, which the next chapter, “[next]”, takes up: who gained, and who paid?',
      ],
      [
        'Understanding [subject] means understanding the world around [subject.them].',
        'In “[next]”, the argument follows the consequences.',
      ],
    ],
    claimPhrase: 'that conditions shaped [subject] as much as intentions did',
    test: 'look for descriptions of the tools, places, resources and rules surrounding [subject], and ask how each made some things easier and others harder',
  },

  tradeoffs: {
    titles: ['Who Gains, Who Pays', 'The Uneven Effects of [Subject]', 'Costs and Benefits'],
    openings: [
      [
        'It is tempting to ask whether [subject] [subject.is] good or bad.',
        'This chapter argues that the question is badly posed: the better question is, good for whom, and at whose expense?',
      ],
      [
        'Almost nothing affects everyone the same way.',
        'Where [subject] brought gains, it is worth asking where the costs went.',
      ],
    ],
    claims: [
      'The effects of [subject] fell unevenly: its gains and its costs rarely landed on the same people.',
      'Any fair judgement of [subject] must follow both its benefits and its costs, and ask who bore each.',
    ],
    reasons: [
      [
        'Gains are visible; costs are often not.',
        'Those who benefit tend to tell the story, and those who pay tend to be left out of it.',
        'A judgement of [subject] that hears only one side will be confident and wrong.',
      ],
      [
        'Costs and benefits can also be separated in time.',
        'What helps one generation can burden the next, and what costs a great deal at first can pay off much later.',
        'Short accounts, which stop at one moment, miss this.',
      ],
      [
        'The same change can be a gain and a loss for the same person, in different respects.',
        'Something made easier may also be made less skilled, less personal or less secure.',
        'Recognising these mixed effects is more honest than forcing them into a single verdict.',
      ],
      [
        'Following the costs is not the same as condemning [subject].',
        'It is simply completing the account.',
        'Some things are worth their costs; we can only judge that once we know what the costs were and who paid them.',
      ],
      [
        'Finally, whoever judges [subject] does so from somewhere.',
        'A judge who gained from it will weigh it differently from one who paid, and neither is simply wrong.',
        'Knowing where a verdict comes from is part of weighing it.',
      ],
    ],
    cases: [
      [
        'When [subject] came to matter at [here], [p.full], [p.role], did well out of it.',
        '[^p.his] work grew easier and [p.his] standing rose.',
        '[^q], who lived at [there], found the opposite: the same change made [q.his] old skills less valued, and no one asked [q.his] opinion.',
        'Both of them, asked whether [subject] had been good for [here], would have answered honestly, and differently.',
      ],
      [
        'Picture [p.full], [p.role], trying to weigh the effects of [subject] on [here].',
        '[^p.he] made two lists: who gained, who paid.',
        'The first list was easy; people were glad to tell [p.him].',
        'The second took much longer, because the people on it were harder to find and slower to speak.',
      ],
    ],
    evidence: [
      [
        'Evidence for the claim would be accounts of [subject] from people who lost by it as well as those who gained.',
        'If such accounts are hard to find, that is itself informative: it suggests whose voices the record preserved.',
      ],
      [
        'The claim would be weakened if the effects of [subject] turned out to be broadly shared, with gains and costs falling on the same people in similar measure.',
        'That can happen, and where it does, it deserves to be said.',
      ],
    ],
    objections: [
      [
        [
          'A reader might say: every change has winners and losers, so pointing it out tells us nothing in particular about [subject].',
        ],
        [
          'It tells us where to look.',
          'That there are winners and losers is general; who they were in the case of [subject], and why, is particular, and it is the particular answer that makes an account of [subject] honest.',
        ],
      ],
      [
        ['Another objection: focusing on costs can make us ungrateful for real benefits.'],
        [
          'Gratitude and accuracy are not in competition.',
          'Knowing the costs of [subject] does not cancel its benefits; it tells us what they cost, and that knowledge is itself a reason to use them well.',
        ],
      ],
    ],
    conclusions: [
      [
        'The effects of [subject] cannot be summed up in a single verdict without losing most of the truth.',
        'But how do we know what the effects were at all? That is the question of the next chapter, “[next]”.',
      ],
      [
        'Good for whom, and at whose expense: the question should follow [subject] everywhere.',
        'In “[next]”, we turn from what happened to how we know.',
      ],
    ],
    claimPhrase: 'that the gains and costs of [subject] fell unevenly',
    test: 'look for accounts of [subject] from people who lost by it as well as those who gained, and note whose voices are missing from the usual sources',
  },

  knowledge: {
    titles: ['How We Know What We Know', 'The Evidence About [Subject]', 'Certainty and Its Limits'],
    openings: [
      [
        'Every claim in this book so far raises the same question: how would we know?',
        'This chapter turns the argument on itself, and asks what kind of knowledge about [subject] is possible.',
      ],
      [
        'It is easy to speak confidently about [subject].',
        'It is harder, and more useful, to say how confident we are entitled to be.',
      ],
    ],
    claims: [
      'What we know about [subject] rests on evidence of very different strengths, and honest understanding means holding each claim with the confidence its evidence deserves.',
      'Knowledge of [subject] is provisional: built from evidence, open to revision, and stronger in some places than others.',
    ],
    reasons: [
      [
        'Evidence comes in kinds.',
        'First-hand records, made at the time by people in a position to know, are usually stronger than later accounts; accounts that agree independently are stronger than one account repeated.',
        'Knowing which kind of evidence supports a claim about [subject] tells us how far to trust it.',
      ],
      [
        'Every source was made by someone, for some purpose.',
        'Records kept to prove something, celebrate someone or persuade an audience are shaped by that aim.',
        'Asking why a source about [subject] was made is as important as asking what it says.',
      ],
      [
        'Gaps are evidence too.',
        'What was never recorded, or was recorded and lost, shapes what we can know as surely as what survived.',
        'A confident account of [subject] that never mentions its gaps is less trustworthy than a hesitant one that does.',
      ],
      [
        'Provisional does not mean worthless.',
        'Much of what we know about [subject] may be very well supported.',
        'The point is to know which parts, so that we can build on the firm ground and tread carefully on the rest.',
      ],
      [
        'Knowledge also depends on who did the looking.',
        'What earlier observers thought worth recording shaped what we can know about [subject] now.',
        'Their questions were not ours, and the answers they left are shaped by the questions they asked.',
      ],
    ],
    cases: [
      [
        'Imagine [p.full], [p.role], trying to settle a question about [subject] at [here].',
        '[^p.he] found three accounts. One had been written at the time by someone who was there; one years later by someone who had heard about it; one by someone with a clear interest in the answer.',
        '[^p] did not average them. [^p.he] weighed them, and reached a conclusion [p.he] could state with a confidence word attached: “probably”.',
      ],
      [
        'Picture [p.full], [p.role], at [here], asked by [q] whether a story about [subject] was true.',
        '[^p] had believed it for years. When [p.he] tried to trace it, [p.he] found that nobody [p.he] asked had seen the thing themselves.',
        '“I don’t know,” [p.he] told [q] in the end, and was surprised by how much better that felt than pretending.',
      ],
    ],
    evidence: [
      [
        'This claim can be tested on itself.',
        'Take any confident statement about [subject], trace it to its source, and see how strong the evidence at the end of the trail really is.',
        'If most such trails end in solid first-hand evidence, knowledge of [subject] is firmer than this chapter suggests.',
      ],
      [
        'Look also for places where well-informed sources openly say “we do not know”.',
        'Their presence is a sign of honest scholarship; their absence, in a subject as large as [subject], is a reason for caution.',
      ],
    ],
    objections: [
      [
        ['An objection: if all knowledge is provisional, why believe anything about [subject] at all?'],
        [
          'Because provisional is not the same as arbitrary.',
          'Some claims are supported by strong, independent evidence and have survived every test so far; it would be foolish not to rely on them.',
          'Provisional means only that we stay willing to change our minds if better evidence comes.',
        ],
      ],
      [
        [
          'Another objection: ordinary readers cannot check primary evidence for themselves, so these questions are only for specialists.',
        ],
        [
          'Anyone can ask the basic questions: who made this, how would they know, why was it made, and does anyone independent agree?',
          'Those questions do not require expertise, and they catch a great many errors.',
        ],
      ],
    ],
    conclusions: [
      [
        'What we know about [subject] is uneven: firm in places, thin in others.',
        'Saying which is which is not weakness but honesty.',
        'Next, “[next]”.',
      ],
      [
        'The argument of this book is itself provisional, and the notes at the end show how to test it.',
        'With that in mind, we turn to “[next]”.',
      ],
    ],
    claimPhrase: 'that knowledge of [subject] rests on evidence of uneven strength',
    test: 'ask of each statement about [subject] who first made it, how they could know, why they recorded it, and whether independent sources agree',
  },

  disagreement: {
    titles: ['The Uses of Disagreement', 'Arguing About [Subject]', 'When Experts Differ'],
    openings: [
      [
        'People who know a great deal about [subject] do not always agree.',
        'This chapter argues that their disagreements are not a failure of knowledge but one of its engines.',
      ],
      [
        'Disagreement makes many readers uneasy: if the people who know cannot agree, what hope is there for the rest of us?',
        'This chapter suggests a different way of seeing it.',
      ],
    ],
    claims: [
      'Disagreement about [subject] is productive: it exposes assumptions, sharpens evidence and keeps understanding from hardening too soon.',
      'We understand [subject] better by learning why informed people disagree about it than by choosing a side early.',
    ],
    reasons: [
      [
        'Disagreements show where the evidence runs out.',
        'Where everyone agrees, the evidence is often strong; where informed people differ, it is usually thin or ambiguous.',
        'Mapping the disagreements about [subject] is therefore a way of mapping what is still unknown.',
      ],
      [
        'Disagreement also exposes assumptions.',
        'Two people looking at the same evidence and reaching different conclusions are often starting from different premises.',
        'Finding those premises is frequently more illuminating than settling the dispute.',
      ],
      [
        'A subject in which no one disagrees is a subject no one is examining.',
        'Argument keeps ideas under test; it forces each side to look for better evidence and to state its case more precisely.',
      ],
      [
        'Disagreement can be done well or badly.',
        'Done well, it attacks claims, not people, and each side tries to state the other’s view in terms the other would accept.',
        'Done badly, it hardens into camps. The difference lies mostly in the habits of those involved.',
      ],
      [
        'Disagreement also protects against fashion.',
        'Every field has periods when one view of [subject] becomes so popular that questioning it seems eccentric.',
        'Those who keep asking awkward questions during such periods are often the ones later proved useful.',
      ],
    ],
    cases: [
      [
        'Imagine [q] and [r] arguing about [subject] at [here], while [p.full], [p.role], listened.',
        'At first it sounded like a simple clash: one was right, one was wrong.',
        'But as [p] listened, [p.he] noticed they were answering different questions: [q] was asking what had happened, [r] what it meant.',
        'When [p] pointed this out, the argument did not end, but it got much better.',
      ],
      [
        'Picture [p.full], [p.role], asked to settle a dispute about [subject] between two neighbours at [here].',
        'Instead of choosing, [p.he] asked each to explain the other’s view until the other agreed it was fair.',
        'It took an evening. By the end, they still disagreed, but now about one thing instead of ten.',
      ],
    ],
    evidence: [
      [
        'The claim would be supported if debates about [subject] have, over time, sharpened questions or uncovered better evidence.',
        'It would be weakened if they have mostly generated heat and no light, and that is worth checking case by case.',
      ],
      [
        'A simple test: take one long-running disagreement about [subject] and ask whether the two sides understand each other’s best arguments.',
        'If they do, the disagreement is probably doing useful work.',
      ],
    ],
    objections: [
      [
        [
          'An objection: some disagreements are simply between people who are right and people who are wrong, and pretending otherwise is false balance.',
        ],
        [
          'True, and this chapter does not recommend treating every view as equally good.',
          'It recommends understanding why people disagree, which is often the quickest way to see which side the evidence favours.',
        ],
      ],
      [
        ['Someone might say that endless disagreement prevents action.'],
        [
          'Disagreement need not be endless, and action does not wait for unanimity.',
          'We can act on the best available view while keeping the disagreement alive, so that we notice quickly if we turn out to be wrong.',
        ],
      ],
    ],
    conclusions: [
      [
        'Disagreements about [subject] are worth listening to, not because every side is right, but because each shows something about where the truth might lie.',
        'Next comes “[next]”.',
      ],
      [
        'Understanding a disagreement is a form of understanding [subject] itself.',
        'In “[next]”, we turn to how [subject] change[subject.s] over time.',
      ],
    ],
    claimPhrase: 'that disagreement about [subject] is productive',
    test: 'find two informed accounts of [subject] that disagree, and list the evidence and the assumptions each relies on',
  },

  change: {
    titles: ['[Subject] Over Time', 'Nothing Stands Still', 'The Changing Shape of [Subject]'],
    openings: [
      [
        'It is natural to picture a subject as it is now, or as it was at its most famous moment.',
        'But [subject] [subject.has] a history of change, and understanding that history changes how we see the present.',
      ],
      [
        'Every description of [subject] is a snapshot.',
        'This chapter argues that the movement between snapshots matters as much as any one of them.',
      ],
    ],
    claims: [
      '[^subject] [subject.has] changed and will keep changing; understanding [subject.them] means understanding [subject.them] as a process, not a fixed thing.',
      'What [subject] [subject.is] now is one stage in a longer movement, and treating any stage as final is a mistake.',
    ],
    reasons: [
      [
        'Practices drift.',
        'The way something is done changes slowly, through small adjustments nobody notices at the time.',
        'Looking back over a long span reveals changes in [subject] that no one living through them would have named.',
      ],
      [
        'Meanings change too.',
        'The same word, the same object, the same practice can mean different things to different generations.',
        'Reading the present meaning of [subject] back into the past is one of the commonest mistakes in thinking about [subject.it].',
      ],
      [
        'Change is rarely smooth.',
        'Long periods of little movement can give way to rapid shifts, and the shifts are often clearer in hindsight than they were at the time.',
      ],
      [
        'Seeing [subject] as a process has a practical benefit.',
        'It reminds us that the present arrangement is not inevitable, and that [subject] will be shaped, in part, by what people do next.',
      ],
      [
        'Change also works in both directions.',
        'What is gained can be lost, and forgotten practices can return in new forms.',
        'A history of [subject] that only moves forward is almost certainly leaving something out.',
      ],
    ],
    cases: [
      [
        'Consider [p.full], [p.role], who returned to [here] after many years away.',
        '[^p.he] found [subject] practised and spoken of in ways [p.he] barely recognised.',
        '[^q], who had stayed, noticed nothing unusual: to [q.him], the changes had happened one small step at a time.',
        'Only [p], arriving with an old snapshot in [p.his] head, could see how far things had moved.',
      ],
      [
        'Imagine [p.full], [p.role], at [here], finding an old account of [subject] and reading it aloud to [q].',
        'Half of it was familiar. The other half used familiar words in ways neither of them could quite follow.',
        'They spent the evening working out what the writer had meant, and learned more about how [subject] had changed than any summary could have told them.',
      ],
    ],
    evidence: [
      [
        'Evidence for the claim is any pair of descriptions of [subject] from different times that differ in what they describe, or in what their words mean.',
        'Evidence against it would be a long record in which [subject] stays essentially the same.',
      ],
      [
        'Be careful to separate change in [subject] from change in how people wrote about [subject.it].',
        'Both are real, but they are different things, and a difference between two sources can reflect either.',
      ],
    ],
    objections: [
      [
        ['An objection: if everything changes, there is nothing stable to study.'],
        [
          'Change is not chaos.',
          'Some features of [subject] may have stayed remarkably constant while others shifted; telling them apart is exactly what a long view makes possible.',
        ],
      ],
      [
        ['Someone might say that the past is the past, and only the present form of [subject] matters to us.'],
        [
          'But the present form is easier to understand, and easier to change, once we know how it came to be.',
          'The past is not a detour from the present; it is its explanation.',
        ],
      ],
    ],
    conclusions: [
      [
        '[^subject] [subject.is] a process, not a monument.',
        'Next, in “[next]”, we move from the long view to the small one.',
      ],
      [
        'Seeing change is a matter of comparing snapshots honestly.',
        'The next chapter, “[next]”, looks at a scale that snapshots often miss.',
      ],
    ],
    claimPhrase: 'that [subject] [subject.is] a process rather than a fixed thing',
    test: 'compare descriptions of [subject] from different periods, noting which features changed, which stayed the same and how the same words shifted in meaning',
  },

  everyday: {
    titles: ['[Subject] in Everyday Life', 'The Small Scale', 'Ordinary Days'],
    openings: [
      [
        'Big accounts of [subject] deal in large movements and famous moments.',
        'This chapter argues that much of what matters happens at a much smaller scale: in ordinary lives, on ordinary days.',
      ],
      [
        'It is easy to think of [subject] as something that happens elsewhere, to other people, in important places.',
        'This chapter brings it home.',
      ],
    ],
    claims: [
      'Much of the real significance of [subject] lies at the small scale, in the ordinary lives [subject.it] reach[subject.es], and accounts that ignore that scale miss most of it.',
      'To understand [subject], look at [subject] in everyday life, not only in [subject.its] famous moments.',
    ],
    reasons: [
      [
        'Most people encounter [subject] not in its great moments but in small, repeated ways.',
        'Those encounters shape how they think about it far more than any grand account.',
      ],
      [
        'The small scale is also where big changes become real.',
        'A large shift is made of thousands of small adjustments in ordinary lives, and it is only there that we can see what the shift actually meant for people.',
      ],
      [
        'Everyday evidence is often overlooked because it is ordinary.',
        'Objects, habits, sayings and routines carry information about [subject] that grander records leave out.',
      ],
      [
        'Finally, the small scale is where each reader meets [subject].',
        'Understanding it there is not a lesser kind of understanding; it is the kind most likely to change what we do.',
      ],
      [
        'The everyday also corrects the grand account.',
        'When what ordinary people did differs from what official accounts of [subject] describe, the difference is itself evidence: of hopes, of rules unevenly kept, of life going on regardless.',
      ],
    ],
    cases: [
      [
        'Follow [p.full], [p.role], through an ordinary day at [here].',
        '[^p.he] [action], spoke with [q], dealt with [extra], and went home at dusk.',
        'Nowhere in the day was there a great moment connected with [subject]. Yet [subject] touched it in a dozen small ways, none of which would appear in a grand account.',
        'Added up across many such days and many such people, they were most of what [subject] meant.',
      ],
      [
        'Imagine [p.full], [p.role], asked by [q] what [subject] had to do with life at [here].',
        '“Nothing much,” [p] said at first.',
        'Then [p.he] began to list the small ways it showed up, and the list grew longer than either of them expected.',
      ],
    ],
    evidence: [
      [
        'Evidence for this claim would come from personal accounts, objects, routines and sayings that show [subject] in ordinary life.',
        'If such traces are rare or trivial, the large-scale story may be the more important one after all.',
      ],
      [
        'A good test is to compare what an ordinary participant would have noticed about [subject] with what a grand account emphasises.',
        'Where they differ, ask which better explains what people actually did.',
      ],
    ],
    objections: [
      [
        ['An objection: the everyday is trivial; the important things happen at the large scale.'],
        [
          'The large scale is made of the small.',
          'What counts as important depends on whose life we are looking at, and for most people the everyday is where [subject] actually mattered.',
        ],
      ],
      [
        ['Another objection: everyday evidence is scattered and anecdotal.'],
        [
          'It is, and it should be handled with care.',
          'But scattered evidence, gathered patiently and compared, can reveal patterns that no single grand record shows.',
        ],
      ],
    ],
    conclusions: [
      [
        'The small scale is not a footnote to [subject] but a large part of [subject.its] substance.',
        'In “[next]”, the argument turns to what ought to follow from all this.',
      ],
      [
        'Ordinary days hold much of the truth about [subject].',
        'The next chapter, “[next]”, asks what we should value in [subject.it].',
      ],
    ],
    claimPhrase: 'that much of the significance of [subject] lies in everyday life',
    test: 'look for everyday traces of [subject] (objects, routines, sayings, personal accounts) and compare them with what grand accounts emphasise',
  },

  values: {
    titles: ['Facts and Values', 'What Should We Want From [Subject]?', 'The Questions Facts Cannot Settle'],
    openings: [
      [
        'Up to now this book has asked what [subject] [subject.is] and how we know.',
        'This chapter asks a different kind of question: what should we value in [subject.it], and why?',
      ],
      [
        'Some disagreements about [subject] cannot be settled by more evidence, because they are not really about evidence.',
        'This chapter is about those.',
      ],
    ],
    claims: [
      'Many questions about [subject] are questions of value as well as fact, and clear thinking means telling the two apart.',
      'Facts about [subject] matter, but they do not by themselves tell us what to want; that requires judgement about values, openly stated.',
    ],
    reasons: [
      [
        'Facts describe; values evaluate.',
        'We can agree on every fact about [subject] and still disagree about whether it is good, because we weigh different things.',
        'Pretending that such disagreements are about facts only makes them harder to resolve.',
      ],
      [
        'Values hide inside descriptions.',
        'Words like “progress”, “decline”, “success” and “failure” carry judgements with them.',
        'Noticing when a description of [subject] smuggles in a value is one of the most useful habits a reader can have.',
      ],
      [
        'Stating values openly makes argument possible.',
        'If I say what I value and why, you can disagree with me clearly; if I disguise it as fact, we will talk past each other.',
      ],
      [
        'None of this makes values arbitrary.',
        'Reasons can be given for them, consequences traced, consistency tested.',
        'Thinking well about values is harder than thinking about facts, not less important.',
      ],
      [
        'Values also change.',
        'What one generation admired in [subject], another may regret, and neither verdict is the final one.',
        'Knowing that our own judgements will be judged is a good reason to state them carefully.',
      ],
    ],
    cases: [
      [
        'Picture [p.full], [p.role], at [here], facing a decision connected with [subject].',
        '[^q] and [r] gave [p.him] the same facts and opposite advice.',
        'It took [p] a while to see that they did not disagree about the facts at all. [^q] cared most about security, [r] about freedom.',
        'Once [p] saw that, the decision was still hard, but at least [p.he] knew what [p.he] was deciding.',
      ],
      [
        'Imagine [p.full], [p.role], reading two accounts of [subject] that used the same facts and reached opposite verdicts.',
        '[^p.he] underlined every word that carried a judgement.',
        'The facts were in plain ink; the verdicts were in the underlined words, and it was there that the two accounts parted company.',
      ],
    ],
    evidence: [
      [
        'This claim is supported wherever two accounts of [subject] agree on the facts and still reach opposite verdicts.',
        'It is weakened where disagreements, looked at closely, turn out to be about facts after all, and can be settled by evidence.',
      ],
      [
        'Test it by rewriting a judgement about [subject] with all its value words removed.',
        'What remains is the factual core; what was removed is the verdict, and it deserves its own argument.',
      ],
    ],
    objections: [
      [
        ['An objection: values are personal, so there is nothing to argue about.'],
        [
          'Values are held by persons, but that does not put them beyond discussion.',
          'We can ask whether they are consistent, what they imply, and whether their holders would accept their consequences. That is argument, and it is often productive.',
        ],
      ],
      [
        ['Someone might say that a book about [subject] should stick to facts and leave values to the reader.'],
        [
          'This book tries to leave the verdict to the reader.',
          'But it cannot avoid noticing where values are at work, because a reader who cannot see them will mistake someone else’s verdict for a fact.',
        ],
      ],
    ],
    conclusions: [
      [
        'Questions about [subject] come in two kinds, and both deserve careful thought.',
        'The next chapter, “[next]”, asks what all this means in practice.',
      ],
      [
        'Separating facts from values does not settle arguments about [subject], but it makes them honest.',
        'Next, “[next]”.',
      ],
    ],
    claimPhrase: 'that questions about [subject] are often questions of value as well as fact',
    test: 'take two accounts of [subject] that reach different verdicts, and mark which of their disagreements are about facts and which about values',
  },

  now: {
    titles: ['What [Subject] Asks of Us', 'Living With [Subject]', 'From Understanding to Action'],
    openings: [
      [
        'An argument that changes nothing is only half an argument.',
        'This chapter asks what follows, in practice, from seeing [subject] the way this book has proposed.',
      ],
      [
        'Understanding is worth having for its own sake.',
        'But it is also a guide to action, and this chapter asks where it leads in the case of [subject].',
      ],
    ],
    claims: [
      'Seeing [subject] as the work of people in particular conditions asks something of us: more curiosity, more care with claims, and more attention to who gains and who pays.',
      'The way we understand [subject] should change how we talk about [subject.it], what we believe about [subject.them] and what we do about [subject.them].',
    ],
    reasons: [
      [
        'It asks us to be curious.',
        'If the usual story is incomplete, there is more to find out, and finding out is something anyone can do: reading widely, asking who was involved, looking for the missing voices.',
      ],
      [
        'It asks us to be careful with claims.',
        'When we speak about [subject], we can say how we know and how sure we are.',
        'That small habit, practised widely, would improve most public argument about almost anything.',
      ],
      [
        'It asks us to look at consequences.',
        'Whenever [subject] [subject.is] discussed in terms of benefits, we can ask about costs; whenever in terms of costs, about benefits; and always, about who bears each.',
      ],
      [
        'And it asks us to act within our own reach.',
        'Most of us will not change [subject] on a large scale. But each of us shapes the small scale: what we repeat, what we check, whom we listen to.',
      ],
      [
        'It asks us, finally, to be fair.',
        'The people connected with [subject] (past, present, famous, forgotten) deserve to be described as they were, not as a story needs them to be.',
        'Fairness to them is also accuracy about [subject].',
      ],
    ],
    cases: [
      [
        'Consider [p.full], [p.role], who had followed an argument much like this book’s over a long winter at [here].',
        'What changed was not any grand decision. It was small: [p.he] stopped repeating the story of [subject] [p.he] could not check, started asking [q] and [r] what they had seen, and began to notice who was missing from every account.',
        'Others at [here] noticed the change before [p.he] did.',
      ],
      [
        'Imagine [p.full], [p.role], asked at a meeting at [here] to speak about [subject].',
        'A year before, [p.he] would have told the usual story with confidence.',
        'This time [p.he] told it with its gaps showing, named the people it usually leaves out, and ended with a question instead of a moral. The discussion that followed was the best [here] had heard in years.',
      ],
    ],
    evidence: [
      [
        'This chapter’s claim is partly a recommendation, and recommendations are tested by trying them.',
        'Spend a month discussing [subject] with the habits described here, and judge for yourself whether the conversations improve.',
      ],
      [
        'Evidence against the recommendation would be finding that these habits make discussion of [subject] slower without making it better.',
        'That is possible, and worth watching for.',
      ],
    ],
    objections: [
      [
        ['An objection: these are small habits, hardly a response equal to the importance of [subject].'],
        [
          'Small habits, widely held, are how large changes happen; the earlier chapters on the many hands and the small scale argued exactly that.',
          'And nothing here prevents anyone from doing more.',
        ],
      ],
      [
        ['Someone might ask why anyone should bother, if the effects of one person’s habits are so slight.'],
        [
          'Because the habits are worth having for their own sake.',
          'Being curious, careful and fair about [subject] is a better way to live with [subject.them], whatever difference it makes to anyone else.',
        ],
      ],
    ],
    conclusions: [
      [
        'Understanding asks something of us, and what it asks is within reach.',
        'The last chapter, “[next]”, draws the argument together.',
      ],
      [
        'From understanding to action is a short step, if we take it at the small scale.',
        'It remains to draw the threads together, in “[next]”.',
      ],
    ],
    claimPhrase:
      'that understanding [subject] this way asks for curiosity, care with claims and attention to consequences',
    test: 'watch how [subject] [subject.is] discussed in everyday conversation and the media, and note how often claims come with their evidence and their costs',
  },

  conclusion: {
    titles: ['Seeing [Subject] Whole', 'What We Have Found', 'Gathering the Argument'],
    openings: [
      [
        'This book began with a suspicion: that the usual way of seeing [subject] leaves out most of what matters.',
        'It is time to ask whether the suspicion has been borne out.',
      ],
      [
        'We began with [hero] at [home], beginning to suspect that there was more to [subject] than [hero.he] had been told.',
        'It is worth asking, at the end, where that movement has led.',
      ],
    ],
    claims: [
      'Taken together, the chapters support the thesis with which we began: that [thesis].',
      'The argument, gathered up, comes to this: [thesis].',
    ],
    reasons: [
      [
        'Each chapter has added one piece.',
        'The familiar story turned out to be too simple; behind it stood many people; around them, conditions that shaped what they could do; beyond them, consequences that fell unevenly; and over all of it, knowledge that is uneven and open to revision.',
      ],
      [
        'None of these pieces depends on a single fact about [subject], and that is deliberate.',
        'The argument is a frame, not a record. Its claims are meant to be tested against the evidence, and the notes that follow explain how.',
      ],
      [
        'If the argument is right, the most important thing about [subject] is not any one story about [subject.them], but the habit of asking better questions: who, under what conditions, at whose cost, and how do we know?',
      ],
      [
        'If the argument is wrong in places, as arguments usually are, the way to find out is the same: look for the people, the conditions, the consequences and the evidence, and see whether they bear it out.',
      ],
      [
        'The argument has also been an invitation.',
        'Each chapter has asked the reader to go and look: at sources, at people, at the places where [subject] meet[subject.s] ordinary life.',
        'An invitation accepted is the only kind of conclusion a book like this can honestly have.',
      ],
    ],
    cases: [
      [
        'We began, in the first chapter, with an invented figure: [hero.full], whose view of [subject] began, slightly, to move.',
        'If we imagine [hero] at the end of this book, it is not with a new settled view but with better questions, and with the patience to follow them.',
        'That is as much as any argument can hope for.',
      ],
      [
        'Imagine, one last time, the people of these illustrations gathered at [here]: [hero], [ally], [mentor] and the rest, each of them invented, each of them standing for someone real who was left out of a simple story.',
        'If this book has done its work, a reader will look for such people the next time [subject] comes up, and will find them.',
      ],
    ],
    evidence: [
      [
        'The whole argument stands or falls with its parts.',
        'If several of the earlier claims fail when tested against real sources about [subject], the thesis should be revised, and a reader who does that testing will have done exactly what this book hoped.',
      ],
      [
        'It is worth keeping a simple tally as you read further about [subject]: which of this book’s claims the sources support, which they complicate, and which they contradict.',
        'The tally, not this book, is the real conclusion.',
      ],
    ],
    objections: [
      [
        ['A final objection: the argument is so general that it could be made about almost anything.'],
        [
          'That is true, and it is a strength rather than a weakness.',
          'The same questions that open up [subject] open up other subjects too. What makes this book about [subject] is where it asks them, and what the reader finds when they follow them up.',
        ],
      ],
    ],
    conclusions: [
      [
        '[^subject] [subject.is] worth seeing whole: the people, the conditions, the consequences and the evidence, as well as the story.',
        'The notes that follow suggest how to go on looking.',
      ],
      [
        'The argument is finished; the inquiry is not.',
        'It belongs now to the reader, and the notes at the end of this book are a map for it.',
      ],
    ],
    claimPhrase: 'that, taken together, the earlier chapters support the book’s thesis',
    test: 'take each chapter’s claim in turn, find the kinds of sources the notes describe, and record where the evidence supports the argument and where it does not',
  },
};

/** Sentences that label a case as an illustration, before it is told. */
export const CASE_LABELS: readonly string[] = [
  'The following case is an illustrative composite, invented for this book and set in a [styleLabel] world; it is not a historical record.',
  'What follows is an illustration, not evidence: its people and places are invented.',
  'The case that follows is invented, like every case in this book.',
  'The case below is a composite, made up to show the argument at work; the notes at the end say how to find real cases.',
];

/** What an invented case can and cannot show: a paragraph after the case. */
export const CASE_READINGS: readonly (readonly string[])[] = [
  [
    'What does the case of [p] show?',
    'Not that the claim is true (an invented case cannot show that) but what the claim would look like if it were, and therefore what to look for in real sources.',
  ],
  [
    'The case is deliberately ordinary.',
    '[^p] is no one famous, and [here] is no one’s idea of a turning point; that is exactly where the claim of this chapter, if it holds, should be visible.',
  ],
  [
    'Notice that nothing in [p]’s case depends on a particular fact about [subject].',
    'The same pattern could be looked for in any real account, which is what makes it useful as a test.',
  ],
  [
    'It would be easy to tell [p]’s story differently, with a hero or a villain.',
    'The version given here was chosen to bring out the chapter’s claim, and a reader should ask what other versions would bring out instead.',
  ],
  [
    'Cases like [p]’s are useful precisely because they are small.',
    'Large events are hard to see whole; a single person at [here] can be seen from every side.',
  ],
  [
    'Ask of [p]’s case what you would ask of a real one: who is telling it, what is left out, and whether another witness ([q], say) would tell it the same way.',
  ],
  [
    'The case is a thought experiment.',
    'Its value lies in the questions it suggests, not in any conclusion it seems to reach.',
  ],
  [
    'If the case of [p] seems familiar, that is a reason to look for real examples of the same pattern; if it seems strange, a reason to ask what makes [subject] different.',
  ],
  [
    'What the case adds to the reasons above is concreteness: a person, a place and a choice, where before there was only a general claim.',
  ],
  [
    'An invented case proves nothing, and this one is no exception.',
    'But it shows what kind of evidence would prove something, and that is worth a great deal.',
  ],
  [
    'The case leaves [p] with a question rather than a verdict, which is deliberate.',
    'Most real encounters with [subject] end the same way.',
  ],
  [
    'Whether [p]’s experience is typical is exactly what an invented case cannot tell us.',
    'Only real accounts, many of them, can.',
  ],
];

export const CASE_HEADINGS: readonly string[] = [
  'An illustration',
  'A case in point',
  'An invented case',
  'Illustration',
];

export const CLAIM_HEADINGS: readonly string[] = [
  'The claim',
  'The argument of this chapter',
  'What this chapter argues',
];

export const REASON_HEADINGS: readonly string[] = ['Reasons', 'Why believe it', 'The case for the claim', 'Grounds'];

export const OBJECTION_HEADINGS: readonly string[] = ['Objections and replies', 'An objection', 'Answering objections'];

export const CLOSING_HEADINGS: readonly string[] = ['Where this leaves us', 'Summing up', 'In short', 'The upshot'];

/** Reflections that can sit in any chapter: the method of the book, applied. */
export const REFLECTIONS: readonly (readonly string[])[] = [
  [
    'It is worth pausing on the word “understand”.',
    'To understand [subject] is not to possess a set of facts about [subject.them] but to be able to ask good questions and recognise good answers.',
    'Facts come and go; that ability lasts.',
  ],
  [
    'A note on method: throughout this chapter, the illustrations are invented, and they prove nothing.',
    'Their job is to make a claim concrete enough to test. The testing is done with real sources, and it is the reader’s to do.',
  ],
  [
    'There is a temptation, when thinking about [subject], to look for villains and heroes.',
    'The argument of this book suggests a more patient approach: look for people, conditions and consequences, and let judgement come afterwards.',
  ],
  [
    'One useful exercise at this point: write down, in a sentence, what you believed about [subject] before reading this chapter.',
    'Then write what you believe now. If nothing has changed, the chapter has failed, or you were ahead of it.',
  ],
  [
    'A reader in the [styleLabel] world of this book’s illustrations, [r.full], perhaps, [r.role], might put the point more bluntly: “Ask who did the work, and who paid for it.”',
    'It is not a bad summary.',
  ],
  [
    'It is easy to agree with an argument in general and ignore it in particular.',
    'The test of this chapter is whether, next time [subject] comes up in conversation, you hear the usual story a little differently.',
  ],
  [
    'Notice how often the word “everyone” appears in talk about [subject]: everyone knows, everyone agrees, everyone says.',
    'It is rarely literally true, and it is usually a sign that someone’s view has been mistaken for the world’s.',
  ],
  [
    'None of this requires cynicism.',
    'Looking for people, conditions and costs is a form of respect for [subject]: it takes [subject.them] seriously enough to look closely.',
  ],
  [
    'At [there], in the invented world of these pages, [r] keeps a notebook with two columns: what I was told, and how I know.',
    'The second column is always shorter. That is the point of keeping it.',
  ],
  [
    'It may help to imagine the argument as a set of lenses rather than a verdict.',
    'Each chapter hands the reader one. Some will prove more useful than others for [subject]; all of them are worth trying.',
  ],
  [
    'Arguments like this one are easiest to accept when they confirm what we already thought.',
    'If you find yourself nodding along, it is worth asking which of your own assumptions about [subject] the chapter has left untouched.',
  ],
  [
    'A practical test: could you explain this chapter’s claim to a friend who has never thought about [subject], in two sentences?',
    'If so, you have understood it. Whether it is true is another matter, and the notes at the end suggest how to find out.',
  ],
];

export const REFLECTION_HEADINGS: readonly string[] = ['A closer look', 'A pause', 'On method', 'A note'];

/** Book titles: the subject, framed as an argument. */
export const NON_FICTION_TITLES: readonly string[] = [
  '[Subject] Reconsidered',
  'Why [Subject] [subject.matters]',
  'Thinking About [Subject]',
  'The Case for Looking Again at [Subject]',
  '[Subject]: An Argument',
];

export const NON_FICTION_FOREWORDS: readonly (readonly string[])[] = [
  [
    'This book makes an argument about [subject].',
    'It does not report new research, and it offers no statistics, dates or citations of its own: the argument is built to be tested against real sources, and the notes at the end explain how.',
  ],
  [
    'Its illustrations are set in a [styleLabel] world, among invented people such as [hero.full] and [ally.full].',
    'They are composites, made up to make each claim concrete, and should be read as illustrations rather than evidence.',
  ],
];

/** The sources chapter: kinds of sources and questions to ask of them. */
export const SOURCE_KINDS: readonly string[] = [
  'Introductions to [subject] written for general readers by people who work in the field, preferably recent, and preferably more than one, so that you can compare them.',
  'Reference works (subject encyclopaedias, dictionaries and handbooks) for orientation, definitions and, above all, their lists of further reading.',
  'Primary material connected with [subject]: first-hand accounts, records, documents, objects, images or data made at the time by people in a position to know.',
  'Specialist studies and review articles, which summarise what is known about a particular question and where experts disagree.',
  'Libraries, archives, museums and societies concerned with [subject], whose staff can often point you to sources you would never find alone.',
  'People who practise or study [subject], whose experience can suggest questions, even where it cannot settle them.',
];

export const SOURCE_QUESTIONS: readonly string[] = [
  'Who made this source, and how would they know what it says?',
  'When was it made, and what has been learned or changed since?',
  'Why was it made: to record, to explain, to persuade, to sell, to celebrate?',
  'What evidence does it give, and can that evidence be checked?',
  'Whose voices does it include, and whose are missing?',
  'Do independent sources, ones that did not copy it or a common original, agree?',
  'Does it separate facts from judgements, or blend them?',
];

export const SECOND_CASE_HEADINGS: readonly string[] = ['A second illustration', 'Another case', 'A further case'];

export const EVIDENCE_HEADINGS: readonly string[] = [
  'What would show it',
  'Testing the claim',
  'Evidence for and against',
  'How to check',
];

/** How the sources chapter says that a chapter's cases are invented. */
export const COMPOSITE_NOTES: readonly string[] = [
  'are composites invented for this book, not records of real people or events',
  'are invented illustrations; nothing in them should be cited as fact',
  'belong to the book’s imaginary world and are offered as illustrations only',
  'are made up, to make the claim concrete; they are not evidence for it',
];

/** A reminder after a second case that it, too, is invented. */
export const SECOND_CASE_NOTES: readonly string[] = [
  '(This case, too, is invented.)',
  '(Again, an invented illustration.)',
  '(Like the first, this case is a composite.)',
];

export const PLAN_HEADINGS: readonly string[] = ['The plan of this book', 'How the argument proceeds', 'What follows'];
