# events: torneos, puntuaciones y clasificación, ajustes del canal, límites y fallos del
# almacenamiento.

## Cuentas

tournament-players = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
tournament-rounds = { $count ->
    [one] { $count } ronda
   *[other] { $count } rondas
}

## Formatos y etapas

tournament-format-round-robin = todos contra todos
tournament-format-swiss = sistema suizo, { $count ->
    [one] { $count } ronda
   *[other] { $count } rondas
}
tournament-format-knockout = eliminación directa
tournament-phase-registration = inscripción abierta
tournament-phase-running = ronda { $round }
tournament-phase-finished = terminado
tournament-phase-cancelled = cancelado

## Quién organiza

tournament-organizers-create = solo los organizadores ({ $organizers }) pueden crear un torneo
tournament-organizers-start = solo los organizadores ({ $organizers }) pueden iniciar un torneo
tournament-organizers-cancel = solo los organizadores ({ $organizers }) pueden cancelar un torneo

## Encontrar el torneo

tournament-unknown = aquí no hay ningún torneo `{ $name }`; `{ $p }tournament` los lista
tournament-none-live = aquí no hay ningún torneo abierto ni en curso; un organizador crea uno con `{ $p }tournament new NOMBRE JUEGO roundrobin|double|swiss RONDAS|knockout|arena DURACIÓN [TIEMPO]`
tournament-wrong-stage = ningún torneo de aquí está en esa etapa ({ $list }); `{ $p }tournament` los lista
tournament-several = varios torneos encajan ({ $list }); nombra uno, p. ej. `{ $p }tournament { $usage } { $first }`
tournament-gone = el torneo ya no existe
tournament-not-started = { $name } aún no ha empezado: { $count ->
    [0] nadie se ha inscrito
    [one] { $count } jugador se ha inscrito
   *[other] { $count } jugadores se han inscrito
} hasta ahora; un organizador lo inicia con `{ $p }tournament start { $name }`
tournament-running = { $name } está en curso (ronda { $round }): la inscripción está cerrada; `{ $p }tournament pairings { $name }` muestra la ronda en juego
tournament-over-refusal = { $name } ha terminado; `{ $p }tournament standings { $name }` muestra la clasificación final
tournament-was-cancelled = { $name } fue cancelado

## Los comandos

tournament-list-empty = Aún no hay torneos aquí. Organizadores: `{ $p }tournament new NOMBRE JUEGO roundrobin|double|swiss RONDAS|knockout|arena DURACIÓN [TIEMPO]`.
tournament-list = Torneos:
tournament-created = Torneo { $name } creado: { $kind }, { $format }, { $time }. La inscripción está abierta: `{ $p }tournament join { $name }`; un organizador lo inicia con `{ $p }tournament start { $name }`.
tournament-per-move = { $duration } por jugada
tournament-no-time-limit = sin límite de tiempo
tournament-joins = { $player } se une a { $name } ({ $players }).
tournament-leaves = { $player } deja { $name }.
tournament-started = { $name } empieza: { $players }, { $format }. Cabezas de serie: { $seeds }.
tournament-withdraw-others = solo los organizadores pueden retirar a otro jugador; tú puedes retirarte
tournament-withdrawn = { $player } se retira de { $name }.
tournament-withdrawn-resigned = { $player } se retira de { $name }: la partida en juego se abandona en su nombre.
tournament-cancelled = El torneo { $name } queda cancelado.
tournament-cancelled-aborted = El torneo { $name } queda cancelado; { $count ->
    [one] { $count } partida en juego fue anulada
   *[other] { $count } partidas en juego fueron anuladas
}.

## Negativas

tournament-name-taken-running = ya hay aquí un torneo llamado `{ $name }` en curso; elige otro nombre
tournament-name-taken-open = ya hay aquí un torneo llamado `{ $name }` abierto; elige otro nombre
tournament-closed-started = la inscripción a { $name } está cerrada: ya empezó
tournament-closed-ended = la inscripción a { $name } está cerrada: ya terminó
tournament-already-in = ya estás en { $name }
tournament-full = { $name } está completo ({ $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
})
tournament-leave-started = { $name } ya empezó; pide a un organizador `{ $p }tournament withdraw @tu_nombre`
tournament-not-in = no estás en { $name }
tournament-already-started = { $name } ya empezó
tournament-too-few = { $name } necesita al menos 2 jugadores para empezar (tiene { $count })
tournament-player-not-in = { $player } no está en { $name }
tournament-already-withdrawn = { $player } ya se retiró
tournament-is-over = { $name } ha terminado
tournament-already-cancelled = { $name } ya está cancelado
tournament-already-over = { $name } ya ha terminado
tournament-game-resigned = { $player } se retira del torneo: la partida se abandona.

## Emparejamientos, resultados y rondas

tournament-not-started-yet = { $name } aún no ha empezado.
tournament-pairings-title = { $name }, ronda { $round }:
tournament-bye = { $board }. { $player } descansa
tournament-playing-in = se juega en #{ $room }
tournament-waiting-room = espera su sala
tournament-pairing = { $board }. { $south } (Sur) contra { $north } (Norte): { $result }{ $forfeit ->
    [yes] {" (incomparecencia)"}
   *[no] {""}
}
tournament-game-opened = Torneo { $name }, ronda { $round }, mesa { $board }: { $kind }, { $players }. { $line }
tournament-result = { $name }, ronda { $round }, mesa { $board }: { $south } { $score } { $north }.
tournament-round-begins = Empieza la ronda { $round } de { $name }.
tournament-over = El torneo { $name } ha terminado.
tournament-over-winner = El torneo { $name } ha terminado: { $winner }.

## Clasificación

tournament-registered = { $name } no ha empezado; inscritos: { $players }.
tournament-registered-nobody = nadie todavía
tournament-when-first = ronda { $round } en juego
tournament-when-between = tras la ronda { $done }, ronda { $round } en juego
tournament-when-after = tras la ronda { $done }
tournament-standings-title = Clasificación de { $name }, { $when }:
tournament-standings-title-final = Clasificación de { $name }, { $when } (final):
tournament-standings-title-cancelled = Clasificación de { $name }, { $when } (cancelado):
tournament-standing = { $rank } { $player } { $points } { $points ->
    [one] pt
   *[other] pts
} ({ $won }-{ $drawn }-{ $lost }), Buchholz { $buchholz }, SB { $sb }
tournament-standing-knockout = { $rank } { $player }: { $result }
tournament-withdrawn-mark = (baja)
tournament-forfeit-mark = (incomparecencia)
tournament-winner = { $winner } gana
tournament-winner-final = { $winner } gana { $round } contra { $other }

## Rondas de una eliminación directa

tournament-stage-final = la final (ronda { $round })
tournament-stage-semi = la semifinal (ronda { $round })
tournament-stage-quarter = los cuartos de final (ronda { $round })
tournament-stage-round = la ronda { $round }
tournament-ko-won = ganó { $stage }
tournament-ko-lost = perdió { $stage }
tournament-ko-lost-in = cayó en { $stage }
tournament-ko-in = disputa { $stage }

## Imágenes de la clasificación

tournament-table-standings = Clasificación de { $name }
tournament-table-crosstable = Tabla cruzada de { $name }
tournament-col-player = Jugador
tournament-col-result = Resultado
tournament-col-points = Puntos
tournament-col-wdl = G-T-P
tournament-col-buchholz = Buchholz
tournament-col-sb = SB

## Puntuaciones

rating-games = { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}
rating-line = { $game } { $rating }{ $provisional ->
    [yes] {" provisional"}
   *[no] {""}
} ({ $games }: { $won ->
    [one] { $won } ganada
   *[other] { $won } ganadas
}, { $drawn } en tablas, { $lost ->
    [one] { $lost } perdida
   *[other] { $lost } perdidas
}{ $last })
rating-last-change = , último cambio { $change }
rating-unrated = { $game } sin puntuación
rating-summary = { $player }: { $katro }; { $hoyito }.
rating-chart-title = { $player }: historial de puntuación
rating-chart-steps = partidas puntuadas
rating-chart-band = desviación de la puntuación
leaderboard-empty = { $game }: aún no hay partidas puntuadas.
leaderboard-title = Mejores puntuaciones de { $game } (? = provisional):

## Ajustes del canal

settings-theme = Las imágenes del tablero se dibujan aquí con el tema { $theme ->
    [dark] oscuro
   *[light] claro
}.
settings-pictures-frames = Las jugadas se muestran aquí imagen por imagen (en una hoja de contactos cuando son muchas).
settings-pictures-sheet = Las jugadas se muestran aquí con sus imágenes en una hoja de contactos y luego el tablero final.
settings-pictures-final = Las jugadas se muestran aquí solo con el tablero final, con el trayecto de la jugada dibujado encima.
settings-pictures-gif = Las jugadas se muestran aquí como un GIF animado.
settings-view-mover = Los tableros de las partidas entre dos personas se dibujan aquí desde el lado del jugador que movió (partidas contra la IA: desde el lado del humano).
settings-view-south = Los tableros de las partidas entre dos personas se dibujan aquí desde el lado de Sur (partidas contra la IA: desde el lado del humano).
settings-view-north = Los tableros de las partidas entre dos personas se dibujan aquí desde el lado de Norte (partidas contra la IA: desde el lado del humano).

## Límites y fallos

limit-user-throttled = estás enviando comandos más rápido de lo que el bot los atiende; no se cambió nada. Inténtalo de nuevo en { $secs } s.
limit-channel-throttled = este canal está enviando comandos más rápido de lo que el bot los atiende; no se cambió nada. Inténtalo de nuevo en { $secs } s.
channel-id-refused = el bot no guarda partidas en este canal: { $fault }
limit-command-too-long = ese comando tiene { $len ->
    [one] { $len } carácter
   *[other] { $len } caracteres
}; los comandos tienen como máximo { $max ->
    [one] { $max } carácter
   *[other] { $max } caracteres
}
busy-retry = demasiados comandos a la vez en este canal; no se cambió nada, inténtalo de nuevo
store-failed = falló el almacenamiento de partidas, no se cambió nada: { $error }
store-not-answering = el almacenamiento de partidas no responde ahora; no se cambió nada, inténtalo de nuevo en un minuto (los detalles están en el registro del bot)
store-disk-full = el almacenamiento de partidas no puede guardar nada ahora: el disco del servidor está lleno o es de solo lectura. No se cambió nada; inténtalo de nuevo cuando el anfitrión libere espacio

## Errores de escritura (el motivo viene de las reglas, en inglés)

input-bad-hole = hoyo no válido { $typed }: { $reason }; se espera una letra de columna y un número de fila, como `c1`
input-bad-katro-move = jugada no válida { $typed }: { $reason }; se espera un hoyo y una dirección, como `c1+` o `c1-` (`c1` solo significa +)
input-bad-hoyito-move = jugada no válida { $typed }: { $reason }; se espera un hoyo de tu fila, como `d1`
input-bad-game = juego no válido { $typed }: { $reason }; se espera `katro`, `katro:4x6`, `katro:4x4`, `hoyito` o `hoyito:2xN` con N de 6 a 12
input-bad-position = posición no válida { $typed }: { $reason }; se espera `JUEGO/FILA1/.../FILAn TURNO [S N]`, p. ej. `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`
input-reason-empty = jugada vacía
input-reason-not-a-hole = { $text } no es un hoyo
input-reason-off-board = { $hole } está fuera del tablero { $game } (columnas a-{ $last }, filas 1-{ $rows })
input-reason-hoyito-step = el Hoyito no tiene pasos de semilla sola
input-reason-two-directions = una sola dirección: `+` o `-` después del hoyo
input-reason-hoyito-direction = las jugadas de Hoyito no llevan dirección
input-reason-katro-size = los tableros de Katro son 6x6, 4x6 y 4x4
input-reason-hoyito-size = los tableros de Hoyito son 2xN
input-reason-katro-board = los tableros de Katro son 6x6, 4x6 y 4x4 (K1), no { $rows }x{ $cols }
input-reason-hoyito-board = los tableros de Hoyito tienen de 6 a 12 hoyos por fila (H1), no { $cols }
input-reason-unknown-game = juego desconocido

## threads
settings-threads-on = A partir de ahora, cada partida nueva entre personas propuesta aquí se juega en una sala propia que abro yo (un hilo en Discord), así este canal puede tener muchas partidas. `{ $p }set threads off` vuelve a una partida por canal.
settings-threads-off = A partir de ahora, las partidas propuestas aquí se juegan en este canal, de una en una.

## tournament organizer tools
tournament-organizer-only = solo la organización de { $name } ({ $organizer }, o el rol de organización) puede hacer eso
tournament-org-not-started = { $name } no ha comenzado
tournament-no-board = { $name } no tiene mesa { $board } en su ronda actual
tournament-no-game = { $name } no tiene ninguna partida `{ $id }`
tournament-no-game-here = ningún torneo de aquí tiene una partida `{ $id }`
tournament-game-bye = la ronda { $round }, mesa { $board } es un descanso: no hay partida
tournament-game-over = la partida de la ronda { $round }, mesa { $board } ya terminó ({ $score })
tournament-adjudicate-who = { $player } no juega esa partida: indica south, north, draw o uno de sus dos jugadores
tournament-game-ended = esa partida ya no está en juego
tournament-game-not-open = la partida de la ronda { $round }, mesa { $board } aún no ha comenzado
tournament-act-failed = no se pudo hacer ahora (demasiados cambios a la vez); inténtalo de nuevo
tournament-adjudicated = { $by } decide { $name } ronda { $round }, mesa { $board }: { $south } { $score } { $north }. Motivo: { $reason }
tournament-extend-no-clock = las partidas de { $name } no tienen límite de tiempo
tournament-extend-late = el plazo de la ronda { $round }, mesa { $board } ya venció: la partida está perdida por tiempo
tournament-extended = { $by } concede más tiempo en { $name } ronda { $round }, mesa { $board }: { $duration }. { $line }
tournament-already-paused = { $name } ya está en pausa
tournament-not-paused = { $name } no está en pausa
tournament-paused = { $by } pone { $name } en pausa: todos los relojes se detienen, ningún plazo vence y no se empareja ninguna ronda hasta `{ $p }tournament resume`. Se puede seguir jugando; el reloj no corre.
tournament-resumed = { $name } se reanuda ({ $by }, tras una pausa de { $duration }): cada reloj vuelve a correr con el tiempo que le quedaba a su jugador.
tournament-room-paused = { $name } está en pausa. { $line }
tournament-room-resumed = { $name } se reanuda. { $line }
tournament-rule = partida sin terminar: gana quien haya capturado más semillas (en un match, primero quien haya ganado más partidas); con igualdad, tablas
tournament-next-paused = { $name } está en pausa: primero `{ $p }tournament resume`
tournament-next-unfinished = la ronda { $round } de { $name } tiene { $count ->
    [one] { $count } partida sin terminar (mesa { $boards })
   *[other] { $count } partidas sin terminar (mesas { $boards })
}: la ronda siguiente empieza cuando terminen, o `{ $p }tournament next-round adjudicate` las decide ahora (gana quien haya capturado más semillas, en un match primero quien haya ganado más partidas; con igualdad, tablas)
tournament-round-closed = La ronda { $round } de { $name } queda cerrada.
tournament-round-closed-rule = La organización cierra la ronda { $round } de { $name }: { $count ->
    [one] { $count } partida sin terminar (mesa { $boards }) se decide
   *[other] { $count } partidas sin terminar (mesas { $boards }) se deciden
} según la regla: { $rule }.
tournament-kicked = { $by } retira a { $player } de { $name }.
tournament-kicked-why = { $by } retira a { $player } de { $name }. Motivo: { $reason }
tournament-checkin-started = la confirmación de asistencia es antes del comienzo, y { $name } ya comenzó
tournament-checkin-not-open = la confirmación de asistencia de { $name } no está abierta (la abre la organización: `{ $p }tournament checkin open [DURACIÓN]`)
tournament-checkin-closed = la confirmación de asistencia de { $name } se cerró { $time }
tournament-checked-in-already = ya confirmaste tu asistencia a { $name }
tournament-checked-in = { $player } confirma su asistencia a { $name } ({ $count } de { $players }).
tournament-checkin-open = La confirmación de asistencia de { $name } está abierta: jugadores, `{ $p }tournament checkin`. Al comenzar, quien no la haya confirmado queda fuera.
tournament-checkin-open-until = La confirmación de asistencia de { $name } está abierta hasta { $time }: jugadores, `{ $p }tournament checkin`. Al comenzar, quien no la haya confirmado queda fuera.
tournament-no-shows = { $count ->
    [one] Sin confirmar asistencia, fuera de { $name }: { $players }.
   *[other] Sin confirmar asistencia, fuera de { $name } ({ $count }): { $players }.
}
tournament-log-empty = { $name }: todavía ninguna acción de la organización
tournament-log-head = Registro de la organización de { $name } ({ $count ->
    [one] { $count } entrada
   *[other] { $count } entradas
}, la más reciente primero):
tournament-log-line = { $time } { $by }: { $what }
tournament-log-older = … y { $count } más antiguas
tournament-log-started = comenzó el torneo
tournament-log-cancelled = canceló el torneo
tournament-log-adjudicated = decidió la ronda { $round }, mesa { $board }: { $score } ({ $reason })
tournament-log-extended = dio { $duration } más a la ronda { $round }, mesa { $board }
tournament-log-paused = puso el torneo en pausa
tournament-log-resumed = reanudó el torneo tras { $duration }
tournament-log-round-closed = cerró la ronda { $round } ({ $count ->
    [one] { $count } partida decidida
   *[other] { $count } partidas decididas
})
tournament-log-kicked = retiró a { $player }
tournament-log-kicked-why = retiró a { $player } ({ $reason })
tournament-log-checkin = abrió la confirmación de asistencia
tournament-log-checkin-until = abrió la confirmación de asistencia hasta { $time }
tournament-log-no-shows = retiró { $count ->
    [one] a una persona sin confirmar
   *[other] a { $count } personas sin confirmar
}: { $players }
tournament-phase-paused = ronda { $round }, en pausa
tournament-board-which = hay varios torneos en curso ({ $list }): para indicar la mesa { $board }, escribe el comando en la sala de la partida o da el identificador de la partida
## tournament results, formats and info
tournament-format-double = todos contra todos a doble vuelta
tournament-accelerated-word = acelerado
tournament-ties-rematch = tras una partida en tablas se juega una segunda con los lados cambiados; si también acaba en tablas, partidas de desempate a la mitad del tiempo por jugada (1 h como mínimo), cambiando los lados cada vez; tras un tercer desempate en tablas pasa el cabeza de serie mejor clasificado
tournament-ties-seed = una partida en tablas clasifica al cabeza de serie mejor clasificado
tournament-info-ties = Tablas en eliminación directa (`rematch`|`seed`, elegido al crearlo): { $rule }.
tournament-info-accelerated = La ronda 1 es acelerada: la mitad con mejor puntuación juega entre sí, y la otra mitad también.
tournament-info-head = Torneo { $name }: { $kind }, { $format }, { $time }.
tournament-info-who = Lo organiza { $organizer }; { $phase }, { $players }.
tournament-info-standings = Clasificación: puntos (victoria 1, tablas ½), luego Buchholz, luego Sonneborn-Berger; quien empata en los tres comparte puesto; las bajas aparecen al final.
tournament-info-standings-swiss = Clasificación: puntos (victoria 1, tablas ½, descanso 1 al terminar su ronda), luego Buchholz, luego Sonneborn-Berger; quien empata en los tres comparte puesto; las bajas aparecen al final.
tournament-info-standings-knockout = Clasificación: por la ronda alcanzada; quienes caen en la misma ronda comparten puesto; las bajas aparecen al final.
tournament-info-rules = Reglas: las partidas puntúan; quien agota el plazo pierde la partida; sin pistas, sin deshacer jugadas y sin anular partidas; las reglas del juego: `{ $p }rules { $game }`.
tournament-tie-rematch = Mesa { $board } en tablas: { $south } y { $north } juegan una segunda partida con los lados cambiados ({ $south } juega con Sur).
tournament-tie-decider = Mesa { $board } otra vez en tablas: { $south } y { $north } juegan el desempate { $n } a { $time } ({ $south } juega con Sur).
tournament-tie-seed = Mesa { $board } en tablas: { $winner } pasa como cabeza de serie mejor clasificado ({ $rule }).
tournament-tie-seed-rule = regla de desempate del torneo
tournament-tie-seed-cap = { $drawn ->
    [one] { $drawn } partida en tablas
   *[other] { $drawn } partidas en tablas
}, el límite de la regla de desempate
tournament-by-rule = { $result } (cabeza de serie, por la regla de desempate)
settings-tournament-clock = este canal es una sala del torneo { $name }: rige su control de tiempo ({ $time }), y agotar el plazo siempre pierde una partida de torneo; `{ $p }set autoforfeit` es para partidas fuera de torneos, ajústalo en otro canal
settings-tournament-hints = este canal es una sala del torneo { $name }: las partidas de torneo nunca tienen pistas, así que `{ $p }set hints` no se admite aquí
tournament-format-arena = arena, { $duration }
tournament-info-arena = Arena: los jugadores libres se emparejan entre sí al momento, durante { $duration } desde el comienzo; las partidas en curso al final se juegan hasta terminar.
tournament-info-arena-until = Arena: los jugadores libres se emparejan entre sí al momento, hasta el { $end }; las partidas en curso entonces se juegan hasta terminar.
tournament-info-standings-arena = Clasificación: puntos de arena: victoria 2, tablas 1; tras dos victorias seguidas cada victoria vale 4 hasta una partida no ganada; a igualdad de puntos, mismo puesto; las bajas aparecen al final.
tournament-arena-title = Partidas en curso de la arena { $name } (nuevos emparejamientos hasta el { $end }):
tournament-arena-game = { $south } (Sur) contra { $north } (Norte): { $place }
tournament-arena-none = ninguna por ahora
tournament-arena-paired = Arena { $name }: nuevas partidas.
tournament-standing-arena = { $rank } { $player } { $points } { $points ->
    [one] pt
   *[other] pts
} ({ $won }-{ $drawn }-{ $lost }){ $streak ->
    [yes] , en racha
   *[no] {""}
}
tournament-game-second = Segunda partida de esta mesa, tras unas tablas: los lados se cambian.
tournament-game-decider = Desempate { $n } de esta mesa, tras partidas en tablas: { $time }, con los lados cambiados.
tournament-phase-arena = partidas en curso
tournament-when-arena = tras { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}
tournament-over-shared = El torneo { $name } ha terminado: { $players } comparten el primer puesto, igualados en puntos y en todos los desempates.
