# play
# Words (src/core/text/mod.rs)
side-south = Sud
side-north = Nord
game-kind = { $game } { $rows }x{ $cols }{ $lone ->
    [yes] {" "}avec pas de graine seule
   *[no] {""}
}{ $is_match ->
    [yes] {" "}en match
   *[no] {""}
}
move-summary = { $player } ({ $side }) a semé { $mv } : { $parts }.
move-laps = { $count ->
    [one] { $count } tour
   *[other] { $count } tours
}
move-captured = a pris { $taken } en { $target }
move-casas = a pris { $seeds } dans { $count ->
    [one] la casa
   *[other] les casas
} en { $at }
move-form-katro = `{ $prefix }sow TROU+` ou `{ $prefix }sow TROU-`
move-form-hoyito = `{ $prefix }sow TROU`
move-event-relay = relais de { $lifted } depuis { $hole }
move-event-capture = prise de { $taken } en { $target } depuis { $hole }
move-event-casa = casa en { $hole }
move-event-last-four = les quatre dernières
move-event-pass = { $side } passe
move-event-stop = arrêt en { $hole }
move-error-game-over = la partie est terminée
move-error-off-board = { $hole } n'est pas sur ce plateau
move-error-not-your-hole = { $hole } n'est pas dans le camp { $side } ; { $side } ne sème que depuis ses propres trous
move-error-closed = { $hole } est fermé pour cette partie (M2) et ne peut pas être joué
move-error-empty = { $hole } est vide ; choisissez un trou qui a des graines
move-error-wrong-row = { $hole } n'est pas dans votre rangée la plus extérieure ayant des graines (K3) : jouez depuis la rangée { $row }
move-error-endless = { $mv } est un coup sans fin : son semis ne s'arrête pas en { $laps ->
    [one] { $laps } tour
   *[other] { $laps } tours
} (K8/H9)
move-error-step-one-seed = un pas de graine seule (K11) demande exactement une graine dans votre camp
move-error-step-inward = un pas de graine seule (K11) avance d'une rangée vers l'intérieur, tout droit ou en diagonale
move-error-no-steps = les pas de graine seule (K11) ne se jouent pas dans cette partie
move-error-katro-form = un coup de Katro est un trou et une direction, comme c1+
move-error-hoyito-form = un coup de Hoyito est un trou, comme d1
result-ongoing = La partie continue.
result-win = { $player } ({ $side }) gagne : { $reason }.
result-draw = Nulle : { $reason }.
result-reason-no-legal-move = aucun coup légal (K9)
result-reason-repetition = troisième répétition (K10/H10)
result-reason-stalemate = aucun joueur ne peut jouer (H10)
result-reason-all-captured = toutes les graines prises (H7/H8)
result-reason-resignation = abandon
result-captured = Prises : Sud { $south }, Nord { $north }.
clock-hours = { $count } h
clock-minutes = { $count } min
clock-seconds = { $count } s
clock-after-max = après le 31 déc. 9999
# Games (src/core/games.rs)
game-someone = quelqu'un
game-challenge-open-here = un défi à une partie de { $kind }, lancé par { $who }, est ouvert ici ; une partie par salon : `{ $p }accept` ou `{ $p }decline` d'abord
game-in-play-here = une partie de { $kind } est en cours ici ({ $players }) ; une partie par salon : terminez-la ou `{ $p }resign`, ou jouez dans un autre salon
game-challenge-self = vous ne pouvez pas vous défier vous-même ; mentionnez un autre joueur, ou n'en nommez aucun pour que n'importe qui puisse `{ $p }accept`
game-terms-plays = { $player } joue { $side }
game-terms-random-sides = camps tirés au sort
game-terms-per-move = , { $time } par coup
game-terms-no-limit = , sans limite de temps
game-terms-unrated = , non classée
game-challenge = { $player } défie { $opponent } à une partie de { $kind } ({ $terms }). { $opponent } : `{ $p }accept` ou `{ $p }decline` (expire dans { $expires }).
game-button-accept = Accepter
game-button-decline = Refuser
game-button-withdraw = Retirer
game-open-challenge = { $player } propose une partie de { $kind } ({ $terms }) : n'importe qui peut `{ $p }accept` (expire dans { $expires }) ; `{ $p }decline` la retire.
game-no-challenge-to-accept = il n'y a pas de défi à accepter ici ; lancez-en un avec `{ $p }new JEU [@adversaire]`
game-already-started = la partie a déjà commencé ici ({ $players }) ; `{ $p }board` la montre
game-challenge-expired-at = le défi lancé par { $player } a expiré le { $date } et ne peut plus être accepté ; lancez-en un nouveau avec `{ $p }new JEU [@adversaire]`
game-accept-own = vous ne pouvez pas accepter votre propre défi ; attendez un adversaire, ou `{ $p }decline` pour le retirer
game-accept-only = ce défi, lancé par { $player }, ne peut être accepté que par { $opponent } ; tout le monde peut regarder avec `{ $p }board`
game-accepts = { $player } accepte le défi lancé par { $challenger } : { $kind }, { $players }. { $line }
game-no-challenge-to-decline = il n'y a pas de défi ouvert à refuser ici
game-decline-in-play = { $none } ; la partie en cours ({ $players }) se termine par `{ $p }resign`
game-expired-removed = le défi lancé par { $player } avait déjà expiré ; il est supprimé.
game-withdraws = { $player } retire son défi.
game-declines = { $player } refuse le défi lancé par { $challenger }.
game-decline-only = ce défi ne peut être refusé que par { $opponent } (qui le reçoit) ou { $challenger } (qui l'a lancé)
game-withdraw-only = ce défi ouvert ne peut être retiré que par { $challenger } ; pour jouer, faites `{ $p }accept`
move-legal-list = coups légaux : { $moves }
move-illegal = { $typed } n'est pas un coup légal : { $error } ; { $legal }
move-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seuls les deux joueurs jouent, tout le monde peut regarder avec `{ $p }board`
move-ai-turn = c'est à l'IA de jouer ({ $side }), pas à vous : { $ai } joue ce coup ; attendez-le
move-not-your-turn = c'est à { $player } de jouer ({ $side }), pas à vous ; attendez son coup
game-match-game-over = La partie { $game } du match est terminée. { $outcome } { $captured }
picture-series-side = { $side } ({ $player })
picture-chart-katro = { $south } contre { $north } : graines de chaque camp
picture-chart-hoyito = { $south } contre { $north } : graines prises
picture-chart-plies = demi-coups
game-match-next = La partie { $game } commence (M1-M3) : { $standing } ; trous fermés : { $closed }.
game-match-next-open = La partie { $game } commence (M1-M3) : { $standing } ; trous fermés : aucun.
game-resign-challenge = il n'y a rien à abandonner : le défi n'est pas encore accepté ; `{ $p }decline` le retire ou le refuse
game-resign-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul un joueur peut abandonner
game-resigns = { $player } ({ $side }) abandonne.
# Views (src/core/views.rs)
view-players = { $south } (Sud) contre { $north } (Nord)
view-no-game = aucune partie n'est en cours ici ; lancez-en une avec `{ $p }new JEU [@adversaire]`
view-not-started = la partie n'a pas commencé : le défi attend `{ $p }accept`
view-match-standing = parties gagnées { $south } { $south_wins }, { $north } { $north_wins } ; réserves { $south } { $south_reserve }, { $north } { $north_reserve }
view-to-move = { $player } ({ $side }) a le trait.
view-to-move-form = { $player } ({ $side }) a le trait : { $form }.
view-side-to-move = { $side } a le trait.
clock-deadline = Échéance pour { $player } : { $time } ({ $per_move } par coup).
result-on-time = Partie terminée. { $player } ({ $side }) gagne au temps.
result-draw-agreed = Partie terminée. Nulle par accord.
result-aborted = Partie annulée : pas de résultat, non classée.
result-game-over = Partie terminée. { $outcome } { $captured }
result-match-by-resignation = {" "}par abandon
result-match-m4 = {" "}(M4) : { $player } a { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} en tout (prises { $captured }, réserve { $reserve }), moins de quatre
result-match-over = Match terminé après { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} : { $player } ({ $side }) gagne le match{ $how }. Parties gagnées : { $south } { $south_wins }, { $north } { $north_wins }.
view-board = { $kind } : { $players }, coup { $number }. Position : `{ $position }`. { $player } ({ $side }) a le trait.
view-board-match = { $kind } : { $players }, coup { $number } de la partie { $game }. Match (M1-M4) : { $standing }. Position : `{ $position }` (ses réserves sont les prises de cette partie). { $player } ({ $side }) a le trait.
view-challenge-expired = Aucune partie ici : le défi lancé par { $challenger } à { $opponent } ({ $kind }) a expiré ; lancez-en un avec `{ $p }new JEU [@adversaire]`.
view-open-challenge-expired = Aucune partie ici : le défi ouvert lancé par { $challenger } ({ $kind }) a expiré ; lancez-en un avec `{ $p }new JEU [@adversaire]`.
view-challenge-waiting = Pas encore de partie : { $challenger } a défié { $opponent } à une partie de { $kind } ; { $opponent } peut accepter avec `{ $p }accept`.
view-open-challenge-waiting = Pas encore de partie : { $challenger } propose une partie de { $kind } à tous ; `{ $p }accept` pour jouer.
view-last-game = Aucune partie en cours ici. La dernière ({ $kind }, { $players }) : { $result } Position : `{ $position }`. Lancez-en une nouvelle avec `{ $p }new JEU [@adversaire]`.
view-legal-moves = Coups légaux pour { $player } ({ $side }) : { $moves }
view-replay-none = aucun coup n'a encore été joué dans cette partie : rien à rejouer
view-replay-broken = la partie enregistrée ne se rejoue pas : { $error }
view-replay = Rejeu du coup { $number } : { $summary }
view-record-game = Partie { $id } : { $kind }
view-record-started = Commencée le { $date }
view-record-in-play = En cours : { $player } ({ $side }) a le trait
view-record-match = Match (M1-M4), partie { $game } : { $standing }
view-record-no-moves = (aucun coup pour l'instant)
view-record-match-game = Partie { $game } : { $moves }{ $result }
# Correspondence (src/core/correspondence.rs)
clock-timeout = { $player } ({ $side }) n'a pas joué avant l'échéance ({ $time }).
clock-claim-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul l'adversaire du joueur qui a le trait peut réclamer
clock-claim-no-clock = cette partie n'a pas de temps par coup : il n'y a rien à réclamer
clock-claim-ai = { $ai } ne manque jamais de temps : il doit son coup et le joue maintenant
clock-claim-own-move = c'est à vous de jouer ; { $opponent } ne pourra réclamer la victoire qu'une fois votre échéance ({ $time }) passée
clock-claim-own-move-late = c'est à vous de jouer et votre échéance ({ $time }) est passée : { $opponent } peut réclamer la victoire ; jouez maintenant pour continuer
clock-claim-early = { $player } a jusqu'au { $time } pour jouer ; `{ $p }claim` après cette échéance
game-abort-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul un joueur peut l'annuler
game-abort-tournament = une partie de tournoi ne peut pas être annulée ; `{ $p }resign`, ou un organisateur peut faire `{ $p }tournament withdraw @joueur`
game-abort-too-late-ai = les deux camps ont joué, la partie ne peut plus être annulée ; `{ $p }resign`
game-abort-too-late = les deux camps ont joué, la partie ne peut plus être annulée ; `{ $p }resign` ou proposez la nulle avec `{ $p }draw`
game-aborts = { $player } annule la partie ({ $players }) : pas de résultat, non classée.
game-draw-not-a-player = vous ne jouez pas cette partie ({ $players }) ; seul un joueur peut proposer la nulle
game-draw-offered-already = vous avez déjà proposé la nulle ; { $other } peut l'accepter avec `{ $p }draw`
game-draw-accepts = { $player } accepte la nulle.
game-draw-offer = { $player } propose la nulle. { $opponent } : `{ $p }draw` pour accepter ; un coup la refuse.
game-rematch-busy = il y a déjà un défi ou une partie ici ; une partie par salon (`{ $p }board` la montre)
game-rematch-none = aucune partie n'est encore terminée ici ; lancez-en une avec `{ $p }new JEU [@adversaire]`
game-rematch-not-a-player = seuls les joueurs de la dernière partie ici ({ $players }) peuvent demander une revanche
game-rematch-tournament = la dernière partie ici était une partie de tournoi ; lancez plutôt un défi avec `{ $p }new`
game-rematch-no-opponent = la dernière partie ici n'a pas d'adversaire à qui demander
game-rematch = { $player } demande à { $opponent } une revanche ({ $kind }{ $rated ->
    [no] {", "}non classée
   *[yes] {""}
}), camps échangés : { $player } joue { $side }. { $opponent } : `{ $p }accept` ou `{ $p }decline` (expire dans { $expires }).
clock-reminder = { $player }, à vous de jouer ({ $side }) dans la partie de { $kind } ({ $players }) ; échéance : { $time }. { $form }
clock-challenge-expired = { $player } : votre défi à { $opponent } ({ $kind }) n'a pas été accepté avant son expiration ({ $time }). Lancez-en un nouveau avec `{ $p }new JEU [@adversaire]`.
clock-open-challenge-expired = { $player } : votre défi ouvert ({ $kind }) n'a pas été accepté avant son expiration ({ $time }). Lancez-en un nouveau avec `{ $p }new JEU [@adversaire]`.
clock-timeout-notice = { $player } ({ $side }) n'a pas joué avant l'échéance ({ $time }). { $opponent } peut réclamer la victoire avec `{ $p }claim`, ou attendre le coup.
clock-muted = { $player } : les rappels de coup sont désactivés pour vous ici (`{ $p }unmute` les réactive).
clock-unmuted = { $player } : les rappels de coup sont activés pour vous ici.
game-organizers = sur Discord, Gérer le serveur ou le rôle d'organisateur ; sur Matrix, les modérateurs du salon
game-settings-organizers-only = seuls les organisateurs ({ $who }) peuvent changer les réglages du salon
clock-autoforfeit-on = Le forfait automatique est activé dans ce salon : qui laisse passer son échéance perd la partie d'office.
clock-autoforfeit-off = Le forfait automatique est désactivé dans ce salon : une fois une échéance passée, l'adversaire peut réclamer la victoire avec `{ $p }claim`.
# Against the AI (src/core/vs_ai.rs)
ai-no-such-level = le niveau d'IA { $level } n'existe pas : les niveaux sont { $levels }
ai-budget-positions = jusqu'à { $count ->
    [one] { $count } position
   *[other] { $count } positions
} par coup
ai-budget-time = jusqu'à { $time } par coup
ai-time-per-move = { $time } par coup pour { $player } ; dépasser l'échéance fait perdre la partie
ai-no-time-limit = sans limite de temps
ai-game-start = { $player } joue { $kind } contre l'IA, partie non classée ({ $time }) : { $players }. Je joue { $side } au niveau { $level } ({ $name }, réflexion { $budget }). { $line } `{ $p }resign` termine la partie.
ai-player = mancala-bot (niveau { $level }, { $name })
ai-level-name = { $level ->
    [1] débutant
    [2] amateur
    [3] club
    [4] expert
    [5] maître
   *[other] ?
}
ai-no-draws = { $ai } n'accepte pas la nulle ; continuez à jouer, ou `{ $p }resign`
ai-store-failed = le stockage des parties a échoué, le coup de l'IA n'a pas été joué : { $error }
ai-busy = l'IA est occupée par { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} en ce moment ; rien n'a été changé, réessayez dans une minute
clock-milliseconds = { $count } ms
# Hints (src/core/hint.rs)
hint-no-game = aucune partie en cours ici : un indice est pour le joueur qui a le trait
hint-tournament = pas d'indice dans les parties de tournoi
hint-rated = pas d'indice dans les parties classées : les indices sont pour les parties contre l'IA, et pour les parties non classées (`{ $p }new katro @ami unrated`) où un organisateur les a activés (`{ $p }set hints on`)
hint-not-a-player = les indices sont pour les joueurs de la partie ici
hint-not-your-turn = ce n'est pas à vous de jouer : un indice est pour le joueur qui a le trait
hint-off = les indices sont désactivés dans ce salon : un organisateur peut les activer pour les parties non classées avec `{ $p }set hints on`
hint-gain = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
} pour vous
hint-line = Indice pour { $player } ({ $side }) : `{ $p }sow { $mv }` : { $what }. { $verdict }
hint-depth = { $count ->
    [one] { $count } demi-coup
   *[other] { $count } demi-coups
}
hint-forced-win = Avec ce coup, l'IA voit un gain forcé ({ $depth } de profondeur).
hint-forced-loss = L'IA voit une perte forcée quoi que vous jouiez ; ce coup résiste le plus longtemps ({ $depth } de profondeur).
hint-balance-for = Avec ce coup, la recherche de l'IA ({ $depth } de profondeur) évalue la partie à { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} en votre faveur.
hint-balance-against = Avec ce coup, la recherche de l'IA ({ $depth } de profondeur) évalue la partie à { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} contre vous.
hint-game-over = la partie est terminée : pas de coup à suggérer
hint-search-failed = l'IA n'a pas pu chercher : { $error }
hint-set-on = Les indices sont activés dans ce salon : dans les parties non classées, le joueur qui a le trait peut demander `{ $p }hint`. Les parties classées et de tournoi n'ont jamais d'indice.
hint-set-off = Les indices sont désactivés dans ce salon (les parties contre l'IA en ont toujours).
# Ratings after a game (src/core/aftermath.rs)
result-unrated-unmoved = Partie non classée : elle s'est terminée avant que les deux camps aient joué.
result-ratings = Cotes ({ $family }) : { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
# Reviews (src/core/analysis.rs)
review-no-game = aucune partie n'est encore terminée dans ce salon : `{ $p }analyze` analyse la dernière
review-no-moves = la dernière partie ici n'a aucun coup à analyser
review-blunders = { $count ->
    [0] aucune gaffe
    [one] { $count } gaffe
   *[other] { $count } gaffes
}
review-mistakes = { $count ->
    [0] aucune erreur
    [one] { $count } erreur
   *[other] { $count } erreurs
}
review-inaccuracies = { $count ->
    [0] aucune imprécision
    [one] { $count } imprécision
   *[other] { $count } imprécisions
}
review-head = Analyse de la partie { $id } ({ $kind }) : { $south } (Sud) contre { $north } (Nord) ; l'IA a examiné { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
} par coup.
review-accuracy = Précision : { $south } { $south_accuracy }, { $north } { $north_accuracy }.
review-slip = { $ply } { $mark ->
    [blunder] gaffe
    [mistake] erreur
   *[other] imprécision
} ({ $seeds ->
    [one] { $seeds } graine perdue
   *[other] { $seeds } graines perdues
} ; meilleur coup { $best })
review-slips = Gaffes et erreurs : { $listed }.
review-slips-more = Gaffes et erreurs : { $listed } ; et { $count ->
    [one] { $count } autre
   *[other] { $count } autres
} (voir le graphique).
review-perfect = Tables de finale : à partir de { $ply }, { $player } ({ $side }) avait une position { $result ->
    [won] gagnée
    [drawn] nulle
   *[lost] perdue
} en jeu parfait.
review-perfect-slip = { $ply } a rendu une position { $before ->
    [won] gagnée
    [drawn] nulle
   *[lost] perdue
} { $after ->
    [won] gagnée
    [drawn] nulle
   *[lost] perdue
}
review-perfect-kept = Aucun coup n'a changé cela.
review-chart-title = { $south } (Sud) contre { $north } (Nord), { $kind }
review-failed = l'IA n'a pas pu analyser la partie : { $error }
review-cooldown = vous avez lancé une autre analyse il y a peu ; rien n'a été changé. Réessayez dans { $secs } s.
review-running = cette partie est en cours d'analyse ; son analyse est gardée une fois finie. Réessayez dans { $secs } s.
review-busy = les analyses sont occupées par { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} ; rien n'a été changé. Réessayez dans { $secs } s.
# Pictures (src/core/painter.rs, src/core/dispatch.rs)
picture-match-game = partie { $game } du match
picture-match-side = réserve { $reserve }, { $count ->
    [one] { $count } partie gagnée
   *[other] { $count } parties gagnées
}
picture-match-status = { $game } : parties gagnées Sud { $south_wins }, Nord { $north_wins } ; réserves (M2) Sud { $south_reserve }, Nord { $north_reserve }
picture-how-on-time = au temps
picture-status-win = Partie terminée : { $side } gagne, { $how }
picture-status-draw-agreed = Partie terminée : nulle par accord
picture-status-aborted = Partie annulée : pas de résultat
picture-status-to-move = { $side } a le trait
picture-status-draw = Partie terminée : nulle, { $how }
picture-replay-frames = , en { $count ->
    [one] { $count } image
   *[other] { $count } images
}.
picture-replay-alt = Rejeu animé, à la fin : { $alt }
picture-busy = le bot est occupé à dessiner { $count ->
    [one] { $count } rejeu
   *[other] { $count } rejeux
} ; rien n'a été changé. Réessayez dans { $secs } s.
picture-budget = vous avez demandé beaucoup d'images ces derniers temps (un rejeu coûte une image par image dessinée) ; rien n'a été changé. Réessayez dans { $secs } s.
picture-failed = le rejeu n'a pas pu être dessiné ; réessayez plus tard
picture-move-alt = Coup animé, à la fin : { $alt }
# Picture captions and alt texts (src/render/plan.rs)
picture-game-katro-steps = Katro { $rows }x{ $cols }, pas de graine seule
picture-rows = rangées { $first }-{ $last }
picture-row = rangée { $row }
picture-turn-sowing = sème
picture-turn-to-move = a le trait
picture-turn-wins = gagne
picture-turn-draw = nulle
picture-alt-row = rangée { $row } : { $cells }
picture-alt-board = Plateau, colonnes a à { $last }{ $closed ->
    [yes] , x = trou fermé
   *[no] {""}
} : { $rows }.
picture-stats-katro = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}, prises : { $took }
picture-stats-hoyito = prises : { $captured }
picture-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
picture-plays = { $side } joue { $mv }
picture-casa-captures = casa en { $hole } : { $side } prend 4
picture-lap = tour { $lap } : { $what }
picture-in-hand = { $count ->
    [one] { $count } en main, semée à partir du trou suivant
   *[other] { $count } en main, semées à partir du trou suivant
}
picture-alt-frame = Image { $n } sur { $frames }, { $headline } ({ $game }, vu du côté { $view }) : tour { $lap } : { $what } ; semé à ce tour : { $sown } ; { $hand } en main. { $board } { $players }
picture-alt-final = Image { $frames } sur { $frames }, { $headline } ({ $game }, vu du côté { $view }) : { $closing }. Le coup entier : { $all }. { $board } { $players } { $status }.
picture-end = fin
picture-end-with = fin : { $events }
picture-alt-position = Position ({ $game }), vue du côté { $view } : { $status }. { $board } { $players }
# Pictures drawn (src/render/sheet.rs, paint.rs, chart.rs)
picture-sheet-empty = aucune image
picture-sheet-empty-alt = Planche sans images.
picture-sheet-alt = Planche de { $count ->
    [one] { $count } image
   *[other] { $count } images
}, dans l'ordre : { $items }.
picture-tag-start = départ
picture-tag-capture = prise
picture-tag-taken = { $taken ->
    [one] { $taken } graine prise
   *[other] { $taken } graines prises
}
picture-tag-casa-four = casa 4
picture-tag-casa = casa, tour { $lap }
picture-tag-capture-lap = prise, tour { $lap }
picture-tag-end = fin
picture-chart-band = { $steps } (bande : { $band })
picture-chart-eval-axis = demi-coup (avance en graines : S au-dessus, N en dessous)
picture-chart-series-alt = { $name } : de { $first } à { $last }{ $band } sur { $count } { $steps }, au plus haut { $best } après l'étape { $step }
picture-chart-alt = Graphique, { $title }. { $parts }.
picture-chart-mark = demi-coup { $ply } { $kind ->
    [inaccuracy] imprécision
    [mistake] erreur
    [blunder] gaffe
   *[other] marque
}
picture-chart-marked-none = aucun
picture-chart-eval-alt = Graphique d'évaluation, { $title } : avance de Sud en graines sur { $count ->
    [one] { $count } demi-coup
   *[other] { $count } demi-coups
}, de { $first } à { $last } ; au plus haut { $high } au demi-coup { $high_ply }, au plus bas { $low } au demi-coup { $low_ply }. Marqués : { $marked }.

## Words and pictures: names, letters, tags and usage words written per language
side-letter-south = S
side-letter-north = N
game-name-katro = Katro
game-name-hoyito = Hoyito
text-colon = { $head } : { $tail }
picture-tag-lap = { $count ->
    [one] tour
   *[other] tours
} { $laps }
picture-tag-relay-lifted = relais de { $count }
picture-tag-last-four = 4 dernières
usage-word-game = JEU
usage-word-time = TEMPS
usage-word-name = NOM
usage-word-hole = TROU
usage-word-rounds = RONDES
usage-word-setting = RÉGLAGE
usage-word-value = VALEUR
usage-word-command = COMMANDE
usage-word-opponent = @adversaire
usage-word-user = @joueur

## takeback
takeback-move = { $mv } ({ $player })
takeback-not-a-player = seuls les joueurs ({ $players }) peuvent reprendre un coup
takeback-tournament = pas de reprise de coup dans une partie de tournoi
takeback-rated = pas de reprise de coup dans une partie classée : seules les parties non classées le permettent
takeback-ai-level = l'IA accepte les reprises jusqu'au niveau { $max } ; cette partie se joue contre le niveau { $level }
takeback-nothing = vous n'avez encore aucun coup à reprendre dans cette partie ; `{ $p }moves` liste les coups légaux
takeback-ai = { $player } reprend un coup contre l'IA (permis jusqu'au niveau { $max }).
takeback-asks = { $player } demande à reprendre : { $moves }. { $opponent } : `{ $p }accept` ou `{ $p }decline` ; tout coup joué annule la demande.
takeback-asked-already = vous avez déjà demandé une reprise ; c'est à { $opponent } de répondre (`{ $p }decline` la retire)
takeback-pending-other = { $asker } a demandé une reprise en premier : `{ $p }accept` ou `{ $p }decline`
takeback-accept-own = c'est vous qui avez demandé cette reprise ; { $opponent } doit l'accepter
takeback-accepts = { $player } accepte la reprise demandée par { $asker }.
takeback-undone = Coups repris : { $moves }. Reprises dans cette partie : { $count }.
takeback-declines = { $player } refuse la reprise demandée par { $asker } ; la partie continue telle quelle.
takeback-withdraws = { $player } retire sa demande de reprise.
takeback-cancelled = La demande de reprise en attente est annulée par ce coup.
takeback-record = Reprises de coups : { $count } (la partie n'est donc pas classée)

## vacation
vacation-board = { $player } est en vacances jusqu'au { $date } : sa pendule est arrêtée.
vacation-claim = { $player } est en vacances jusqu'au { $date } : sa pendule est arrêtée, pas de réclamation avant cette date
vacation-on = { $player } est en vacances jusqu'au { $date } ; il reste { $left } sur { $allowance ->
    [one] { $allowance } jour de vacances
   *[other] { $allowance } jours de vacances
} cette année.
vacation-off-now = Vous n'êtes pas en vacances ; il vous reste { $left } sur { $allowance ->
    [one] { $allowance } jour de vacances
   *[other] { $allowance } jours de vacances
} cette année. `{ $p }vacation 7d` pour partir en vacances, `{ $p }vacation off` pour y mettre fin.
vacation-not-on = vous n'êtes pas en vacances ; `{ $p }vacation 7d` pour partir en vacances
vacation-already = vous êtes déjà en vacances jusqu'au { $date } ; `{ $p }vacation off` y met fin
vacation-over-allowance = { $days ->
    [one] { $days } jour, c'est
   *[other] { $days } jours, c'est
} plus qu'il ne vous en reste : { $left } sur { $allowance ->
    [one] { $allowance } jour de vacances
   *[other] { $allowance } jours de vacances
} cette année
vacation-ended = Fin des vacances pour { $player } : les pendules repartent. Il reste { $left ->
    [one] { $left } jour
   *[other] { $left } jours
} cette année.
vacation-starts = { $player } est en vacances jusqu'au { $date } : les pendules de ses parties non classées par correspondance d'ici sont arrêtées jusque-là. Il reste { $left } sur { $allowance ->
    [one] { $allowance } jour
   *[other] { $allowance } jours
} cette année.

## Live clocks, match lengths, !resign game|match

game-terms-live = , pendule { $clock }
clock-live-control = { $minutes } min{ $seconds ->
    [0] {""}
   *[other] {" "}+ { $seconds } s par coup
}
clock-live = Pendules : { $south } { $south_left }, { $north } { $north_left } ({ $control }) ; chute du drapeau pour { $player } { $time }.
match-kind-first-to = { $kind }, { $count ->
    [one] au premier à { $count } victoire
   *[other] au premier à { $count } victoires
}
match-kind-games = { $kind } en { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
match-resigns-game = { $player } ({ $side }) abandonne la partie { $game } du match.
game-resign-which = c'est un match : `{ $p }resign game` abandonne cette partie (le match continue), `{ $p }resign match` tout le match
game-resign-no-match = c'est une partie seule, pas un match : `{ $p }resign` l'abandonne
result-match-first-to = {" "}(premier à { $count ->
    [one] { $count } victoire
   *[other] { $count } victoires
})
result-match-games = {" "}({ $count ->
    [one] { $count } partie jouée
   *[other] les { $count } parties jouées
})
result-match-repetition = {" "}par répétition : la partie { $game } aurait commencé exactement comme une partie précédente (mêmes trous fermés, mêmes réserves, même premier joueur), et le match tournerait sans fin ; décidé par { $by_seeds ->
    [yes] les graines que chacun détient, comme une partie répétée (H10, H8) : { $south } { $south_seeds }, { $north } { $north_seeds }
   *[no] les parties gagnées
}
result-match-drawn = Match terminé après { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} : le match est nul{ $how }. Parties gagnées : { $south } { $south_wins }, { $north } { $north_wins }.
result-match-verdict = Le match se termine avec la partie { $game }. Parties gagnées : { $south } { $south_wins }, { $north } { $north_wins }.

## archive
archive-game-started = Identifiant de la partie : { $id } (`{ $p }game ID` l'affiche depuis n'importe quel salon, `{ $p }games` liste les vôtres).
archive-game-ended = Identifiant de la partie : { $id } (`{ $p }analyze ID` l'analyse, `{ $p }history` liste les parties de ce salon).
archive-unknown-id = aucune partie { $id } dans cette communauté : `{ $p }games` liste les vôtres, `{ $p }history` celles de ce salon
parse-game-id = { $word } n'est pas un identifiant de partie : un identifiant compte 8 lettres et chiffres, comme `k7m2q9xd` (ou un ancien, comme `1700000000000-3`) ; usage : `{ $usage }`
parse-game-id-missing = quelle partie ? Donnez son identifiant ; usage : `{ $usage }` (`{ $p }games` liste les vôtres)
archive-games-none = vous n'avez encore aucune partie dans cette communauté : lancez-en une avec `{ $p }new JEU [@adversaire]`
archive-games-head = Parties jouées par { $player } :
archive-games-running = En cours ({ $count }) :
archive-games-finished = Dernières finies ({ $count }) :
archive-games-footer = `{ $p }game ID` affiche une partie depuis n'importe quel salon.
archive-turn-challenge = défi pas encore accepté
archive-clock = échéance { $time }
archive-no-clock = sans pendule
archive-turn-yours = à vous de jouer, { $clock }
archive-turn-of = à { $player } de jouer, { $clock }
archive-running-line = { $id } { $kind } contre { $opponent } dans { $channel } : { $turn }
archive-result-won = gagnée
archive-result-lost = perdue
archive-result-draw = nulle
archive-result-none = sans résultat
archive-result-won-by = { $player } a gagné
archive-finished-line = { $id } { $kind } contre { $opponent } : { $result }, { $date }
archive-game-where = Partie { $id }, jouée dans { $channel } :
archive-game-challenge = un défi de { $kind } pas encore accepté : aucun coup joué
archive-game-ended-at = Terminée le { $date }
archive-history-none = aucune partie n'est encore terminée dans ce salon
archive-history-head = Dernières parties finies ici ({ $count }) :
archive-history-line = { $id } { $players } : { $result }, { $date }
archive-history-footer = `{ $p }game ID` en affiche une, `{ $p }record` les coups de la partie d'ici.
review-not-finished = la partie { $id } n'est pas encore finie : `{ $p }analyze ID` analyse les parties finies
## notify
parse-notify-unknown = { $word } n'est pas un mode d'alerte : utilisez `{ $p }notify dm` (message privé), `{ $p }notify mention` (mention dans le salon de la partie), `{ $p }notify off` ou `{ $p }notify digest` (un message privé par jour)
notify-shown = { $player } : votre tour vous est signalé par `{ $mode }`. Pour changer : `{ $p }notify dm`, `{ $p }notify mention` ou `{ $p }notify off`.
notify-set-dm = { $player } : désormais, un message privé vous signale votre tour, et le salon de la partie vous nomme sans mention.
notify-set-mention = { $player } : désormais, le salon de la partie vous mentionne quand c'est votre tour.
notify-set-off = { $player } : désormais, votre tour ne vous est plus signalé ; le salon de la partie vous nomme sans mention.
notify-turn = { $player }, à vous de jouer : { $game } contre { $opponent } dans { $channel } (partie `{ $id }`).
notify-turn-deadline = Jouez avant le { $due }.
## threads
threads-room-failed = Impossible d'ouvrir un salon pour cette partie ({ $why }) ; rien n'a été créé. Un organisateur peut désactiver les salons par partie avec `{ $p }set threads off`.
threads-room-taken = une partie se joue déjà dans ce salon
threads-game-in = { $player } joue sa partie dans { $room }.
notify-set-digest = { $player } : désormais, le salon de la partie vous nomme sans mention, et une fois par jour un message privé liste vos parties d'ici où c'est à vous de jouer.
notify-digest = { $player }, votre résumé du jour : { $count ->
    [one] c'est à vous de jouer dans 1 partie.
   *[other] c'est à vous de jouer dans { $count } parties.
}
notify-digest-game = • { $game } contre { $opponent } dans { $channel } (partie `{ $id }`)
notify-digest-due = , à jouer avant le { $due }
notify-digest-more = … et { $count } de plus (`{ $p }games` les liste toutes).
## games on vacation
archive-clock-vacation = en vacances jusqu'au { $time } : sa pendule attend
## why a move was marked (issue 32)
review-slip-why = { $slip } : { $why }
review-slip-proven = { $ply } { $mark ->
    [blunder] gaffe
    [mistake] erreur
   *[other] imprécision
} ({ $why } ; meilleur coup { $best })
review-why-win-thrown = laisse échapper une position gagnante
review-why-win-thrown-in = laisse échapper un gain en { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}
review-why-loss = mène à une position perdante
review-why-loss-in = mène à une défaite en { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}
review-why-allows = permet à { $player } de prendre { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} par { $reply }
review-why-misses = manque { $best }, qui prend { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}

## tournament organizer tools (games)
result-adjudicated-win = Partie terminée. { $player } ({ $side }) gagne sur décision de l'organisation.
result-adjudicated-draw = Partie terminée. Nulle sur décision de l'organisation.
picture-how-adjudicated = sur décision
clock-held = La pendule est arrêtée pendant la pause du tournoi : il reste { $left } à { $player }.
archive-clock-held = pendule arrêtée (tournoi en pause), reste { $left }

## puzzles (issue 32)
puzzle-theme = { $theme ->
    [relay-capture] prise par relais
    [casa-in-passing] casa en passant
    [last-four] les quatre dernières
    [endgame] fin de partie
    [capture] prise
    [defence] défense
   *[deep] ligne longue
}
puzzle-goal-win = trouvez le coup qui gagne
puzzle-goal-seeds = trouvez le coup qui gagne le plus de graines (au moins { $margin } de plus que tout autre)
puzzle-opponent = Adversaire
puzzle-daily-head = Problème du jour : le même pour tout le monde aujourd'hui (UTC).
puzzle-shown = Problème `{ $id }` pour { $player } : { $board }, classé { $rating } ; thèmes : { $themes }.
puzzle-to-find = Vous jouez { $side } : { $goal }.
puzzle-line-long = La ligne demande { $count ->
    [one] { $count } coup
   *[other] { $count } coups
} de votre part ; le bot joue chaque réponse.
puzzle-answer-with = Répondez avec { $form } ; `{ $p }puzzle skip` abandonne.
puzzle-seen-before = Vous avez déjà tenté ce problème : il ne compte pas cette fois.
puzzle-web-link = Page du problème du jour
puzzle-right = { $mv } est juste.
puzzle-your-move = À vous de nouveau ({ $side }) : { $form }.
puzzle-solved = { $mv } est juste : problème `{ $id }` résolu !
puzzle-failed = { $mv } n'est pas le coup : problème `{ $id }` échoué. La solution : { $line }.
puzzle-skipped = Problème `{ $id }` passé : il ne compte pas. La solution : { $line }.
puzzle-given-up = Problème `{ $id }` abandonné après un coup : il compte comme échoué. La solution : { $line }.
puzzle-rating-change = { $before } → { $after } ({ $delta })
puzzle-rating-line = Classement de problèmes ({ $game }) : { $change }.
puzzle-streak = Problèmes résolus d'affilée : { $count }.
puzzle-daily-streak = Problèmes du jour résolus d'affilée : { $count }.
puzzle-not-counted = Non compté : vous aviez déjà tenté ce problème.
puzzle-open-already = vous avez le problème `{ $id }` en cours { $here ->
    [yes] ici
   *[other] dans un autre salon
} : répondez avec `{ $p }sow`, ou abandonnez avec `{ $p }puzzle skip`
puzzle-none-open = vous n'avez aucun problème en cours ; `{ $p }puzzle` vous en donne un
puzzle-none-installed = aucun problème n'est installé sur ce bot
puzzle-no-board = pas encore de problèmes pour { $board } ; plateaux avec des problèmes : { $boards }
puzzle-all-solved = vous avez résolu les { $count } problèmes de { $board } ; autres plateaux : { $boards }
puzzle-gone = votre problème en cours `{ $id }` n'est plus dans les recueils de ce bot ; `{ $p }puzzle skip` le ferme
puzzle-stats-none = { $player } n'a encore tenté aucun problème ; `{ $p }puzzle` en donne un.
puzzle-stats-head = Problèmes de { $player } : { $solved } résolus, { $failed } échoués.
puzzle-stats-family = { $game } : classement de problèmes { $rating } ({ $solved } résolus, { $failed } échoués).
puzzle-stats-streaks = D'affilée : { $streak } (record { $best }) ; problèmes du jour d'affilée : { $daily } (record { $daily_best }).
puzzle-stats-open = En cours : problème `{ $id }`.
puzzle-playing-here = vous jouez la partie de ce salon, vos coups ici vont donc à elle : demandez un problème dans un autre salon (`{ $p }puzzle`)
puzzle-hint = Indice : votre coup part de { $hole }.
puzzle-hint-uncounted = Avec un indice, ce problème ne compte plus.
