/**
 * Kiswahili of staff-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the farm's members and their roles (staff-rules.ts). */
import type * as rules from '../staff-rules.js';
import type { Catalogue } from '../common/words.js';

export const roleLabels = {
  owner: 'Mmiliki',
  manager: 'Meneja',
  worker: 'Mfanyakazi',
  auditor: 'Mkaguzi',
} satisfies Catalogue<typeof rules.roleLabels>;

export const roleDescriptions = {
  owner: 'Kila kitu, pamoja na malipo na wafanyakazi.',
  manager: 'Kila rekodi na ripoti; si malipo, si wafanyakazi.',
  worker: 'Anarekodi mayai, idadi ya kuku, chanjo na bidhaa zinazotolewa stoo. Hakuna skrini za pesa wala ripoti.',
  auditor: 'Anasoma kila kitu, pamoja na fedha; habadilishi chochote.',
} satisfies Catalogue<typeof rules.roleDescriptions>;

export const staff = {
  title: 'Watumiaji wa shamba',
  subtitle: 'Watu wanaofanya kazi kwenye shamba lako, kila mmoja na njia yake ya kuingia.',
  addMember: 'Ongeza mwanachama',
  invite: 'Tuma mwaliko',
  inviting: 'Inatuma...',
  username: 'Jina la mtumiaji',
  email: 'Barua pepe',
  role: 'Jukumu',
  lastSignIn: 'Aliingia mwisho',
  never: 'Hajawahi',
  invited: 'Amealikwa',
  you: 'Wewe',
  changeRole: 'Badilisha jukumu',
  changeRoleOf: (username) => `Badilisha jukumu la ${username}`,
  actions: 'Vitendo',
  memberList: 'Wanachama',
  member: 'Mwanachama',
  memberCount: (n) => (n === 1 ? 'mwanachama 1' : `wanachama ${n}`),
  listLoading: 'Inapakia wanachama...',
  listFailed: 'Imeshindikana kupakia wanachama. Tafadhali jaribu tena.',
  failed: 'Kuna hitilafu. Tafadhali jaribu tena.',
  cancel: 'Ghairi',
  confirmPassword: 'Thibitisha nenosiri',
  newPassword: 'Nenosiri jipya',
  usernameHint: 'Herufi, tarakimu na _',
  remove: 'Ondoa',
  resend: 'Tuma mwaliko tena',
  confirmRemove: (username) => `Ungependa kumwondoa ${username} kwenye shamba? Atatolewa kwenye Kuku mara moja.`,
  empty: 'Bado hakuna mtu mwingine anayefanya kazi kwenye shamba hili. Ongeza mwanachama ili apate njia yake ya kuingia.',
  invitationSent: (email) => `Mwaliko umetumwa kwa ${email}.`,
  invitationResent: (email) => `Msimbo mpya wa mwaliko umetumwa kwa ${email}.`,
  roleChanged: (username, role) =>
    `${username} sasa ni ${{ owner: 'Mmiliki', manager: 'Meneja', worker: 'Mfanyakazi', auditor: 'Mkaguzi' }[role]}.`,
  removed: (username) => `${username} ameondolewa kwenye shamba.`,
  forbidden: 'Jukumu lako kwenye shamba hili haliruhusu hili. Muulize mmiliki wa shamba.',
  forbiddenTitle: 'Haipatikani kwa jukumu lako',
  backToDashboard: 'Rudi kwenye dashibodi',
  ownerMustRenewTitle: 'Usajili wa shamba umeisha',
  ownerMustRenew: 'Ni mmiliki wa shamba tu anayeweza kulipia Kuku. Mwombe ahuishe usajili; rekodi zako zinahifadhiwa hadi hapo.',
  ownerMustResume: 'Usajili wa shamba umesimamishwa. Mwombe mmiliki wa shamba alipe ili uendelee.',
  roleRequired: 'Tafadhali chagua jukumu.',
  alreadyMember: 'Mtu huyu tayari ni mwanachama wa shamba lako.',
  otherFarm: 'Barua pepe hiyo ni ya akaunti ya Kuku ya shamba jingine.',
  usernameTaken: 'Jina hilo la mtumiaji tayari linatumika.',
  notAMember: 'Hakuna mwanachama huyo kwenye shamba hili.',
  ownerStays: 'Mmiliki wa shamba hawezi kubadilishwa wala kuondolewa.',
  notInvited: 'Mwanachama huyu tayari amejiunga.',
  tooMany: 'Shamba haliwezi kuwa na wanachama zaidi ya 50.',
  noPublicAddress: 'Mialiko haiwezi kutumwa bado: seva hii ya Kuku haina anwani ya umma. Mwombe anayeiendesha aweke PUBLIC_URL.',
  tooManyInvitations: 'Shamba lako linaweza kutuma mialiko 20 tu kwa siku. Tafadhali jaribu tena kesho.',
  tooManyInvitationsToAddress: 'Anwani hii imepokea mialiko 3 leo, idadi ya juu kwa siku. Tafadhali jaribu tena kesho.',
  acceptTitle: 'Jiunge na shamba lako kwenye Kuku',
  acceptIntro: 'Weka msimbo wa tarakimu 6 ulio kwenye mwaliko wako kisha uchague nenosiri.',
  accept: 'Jiunge na shamba',
  accepting: 'Inajiunga...',
  accepted: 'Karibu Kuku! Umejiunga na shamba.',
  invitationInvalid: 'Msimbo wa mwaliko si sahihi au muda wake umekwisha. Mwombe mmiliki wa shamba akutumie mwaliko mpya.',
  removedFromFarm:
    'Wewe si mwanachama wa shamba lolote kwenye Kuku tena. Mwombe mmiliki wa shamba akualike tena, au fungua akaunti kwa barua pepe yako ili uanzishe shamba lako mwenyewe.',
  // The shell's words (shell-words.ts, recordAuthors), which staffMessages includes.
  createdBy: 'Imeongezwa na',
  updatedBy: 'Imebadilishwa mwisho na',
  formerMember: 'Aliyekuwa mwanachama',
} satisfies Catalogue<typeof rules.staffMessages>;
