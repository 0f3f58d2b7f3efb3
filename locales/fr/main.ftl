count-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
language-set = Désormais, les réponses ici sont en français.
language-auto = Les réponses ici suivent la langue de chaque message quand la plateforme la donne (Discord : celle de l'utilisateur ou du serveur), sinon l'anglais.
language-unknown = { $word } n'est pas une langue disponible ici : { $codes } ou auto
time-in = dans { $span }
time-ago = il y a { $span }
time-now = maintenant

# The console transport's own lines: a reply's speaker (with the language's colon), its
# buttons (typed there), and the text diagram's last line.
console-bot = bot :
console-bot-refused = bot (refusé) :
console-button = [{ $label } : tapez { $command }]
console-button-only = [{ $label } : tapez { $command }, seulement { $user }]
console-pictures-failed = les images n'ont pas pu être écrites ({ $error }) ; le coup reste joué
diagram-won = partie terminée : { $side } gagne
diagram-drawn = partie terminée : nulle

## notify
console-direct = message privé à { $user }

## web
settings-web-on = Les parties, tournois et joueurs de cette communauté sont désormais sur des pages web, cachées des moteurs de recherche (`{ $p }set web index` leur permet de les référencer). `{ $p }set web off` retire les pages.
settings-web-off = Les pages web de cette communauté sont désactivées : leurs adresses répondent désormais « introuvable ».
settings-web-index = Les pages web de cette communauté sont actives, et les moteurs de recherche peuvent les référencer. `{ $p }set web noindex` leur demande de ne pas le faire.
settings-web-noindex = Les moteurs de recherche sont désormais priés de ne pas référencer les pages web de cette communauté.
parse-set-web = { $word } n'est pas un réglage web : on, off, index ou noindex
web-not-found = Page introuvable
web-not-found-text = Il n'y a pas de page à cette adresse.
web-footer = mancala-bot, l'arbitre de Katro et de Hoyito
web-language = Langue
web-game-title = { $kind }, partie { $id }
web-game-players = Joueurs
web-game-side = Camp
web-game-player = Joueur ou joueuse
web-game-rating = Classement
web-game-captured = Graines prises
web-game-started = Début
web-game-time-control = Cadence
web-game-per-move = { $time } par coup
web-game-no-clock = sans pendule
web-game-result = Résultat
web-game-in-progress = en cours
web-game-tournament = Tournoi
web-game-round = ronde { $round }, table { $board }
web-game-board = Plateau
web-game-first = Début
web-game-back = Précédent
web-game-forward = Suivant
web-game-last = Fin
web-game-ply = Coup { $ply } sur { $total }
web-game-start-position = Position de départ
web-game-to-move = Au tour de { $name }
web-game-moves = Coups
web-game-pictures = Images de ce coup
web-game-chart = Graines au fil de la partie
web-game-analysis = Analyse
web-game-analysis-loss = Graines perdues
web-game-analysis-best = Meilleur coup
web-game-accuracy = Précision
web-game-download = Télécharger
web-game-json = Feuille de partie (JSON)
web-game-gif = Animation (GIF)
web-game-live = Le plateau se met à jour tout seul pendant la partie.
web-link = Page de la partie : { $url }
web-link-label = Page de la partie

## web pages: tournaments, players, communities
web-tour-game = Jeu
web-tour-format = Formule
web-tour-stage = Étape
web-tour-organizer = Organisation
web-tour-created = Créé le
web-community-link = Classements et tournois de cette communauté
web-tour-round-of = ronde { $round } sur { $total }
web-tour-now = Ronde { $round } en cours
web-tour-round-done = Toutes les parties de cette ronde sont terminées ; la ronde suivante sera bientôt appariée.
web-tour-bye = exemption
web-tour-game-link = partie
web-tour-playing = en cours
web-tour-waiting = en attente de son salon
web-tour-forfeit = forfait
web-tour-no-players = Personne ne s'est encore inscrit.
web-tour-standings = Classement
web-tour-buchholz-about = Buchholz : la somme des points des adversaires
web-tour-sb-about = Sonneborn-Berger : les points des adversaires battus, plus la moitié des points de ceux contre qui la partie fut nulle
web-tour-champion = vainqueur
web-tour-out-in = élimination à la ronde { $round }
web-tour-in-round = en ronde { $round }
web-tour-crosstable = Grille américaine
web-tour-swiss-key = À chaque ronde : la place de l'adversaire au classement, le camp joué (S sud, N nord) et le score.
web-tour-side-south = S
web-tour-side-north = N
web-tour-round-short = R{ $round }
web-tour-bracket = Tableau
web-tour-round = Ronde { $round }
web-tour-rounds = Rondes
web-community-title = Classements et tournois
web-community-leaderboard = Classement { $game }
web-community-no-ratings = Aucune partie classée pour l'instant.
web-community-tournaments = Tournois
web-community-no-tournaments = Aucun tournoi pour l'instant.
web-col-games = Parties
web-col-date = Date
web-col-opponent = Adversaire
web-player-ratings = Classements Elo
web-player-unrated = Aucune partie classée pour l'instant.
web-player-record = victoires { $won }, nulles { $drawn }, défaites { $lost }
web-player-provisional = (provisoire)
web-player-chart = Évolution du classement { $game }
web-player-games = Parties récentes
web-player-no-games = Aucune partie pour l'instant.
web-player-tournaments = Tournois
web-player-no-tournaments = Aucun tournoi pour l'instant.
web-player-registered = inscription faite, pas encore commencé
web-player-place = { $place }e place sur { $total }, { $points } pts
## organizer's log on the tournament page (issue 31)
web-tour-log = Journal de l'organisation
## daily puzzle page (issue 32)
web-puzzle-title = Problème du jour
web-puzzle-today = Le problème d'aujourd'hui ({ $date })
web-puzzle-yesterday = Le problème d'hier ({ $date }), avec sa solution
web-puzzle-about = { $board }, classé { $rating } ; thèmes : { $themes }.
web-puzzle-to-move = { $side } joue : { $goal }.
web-puzzle-solution = Solution : { $line }
web-puzzle-how = Résolvez-le dans le chat avec `{ $p }puzzle daily` ; vos réponses y comptent pour votre classement de problèmes.
web-puzzle-none = Pas de problème du jour : aucun problème n'est installé sur ce bot.
## web companion: the games of a knockout board, a match page (issue 30)
web-tour-game-n = partie { $n }
web-tour-link-label = Page du tournoi { $name }
web-board-link-label = Table { $board }
web-match-title = Match
web-match-score = { $south } { $south_wins } – { $north_wins } { $north }{ $draws ->
    [0] {""}
    [one] , une partie nulle
   *[other] , { $draws } parties nulles
}
web-match-game = Partie { $n }
web-match-show = Voir la partie { $n }
web-match-no-moves = Aucun coup (abandon immédiat).
