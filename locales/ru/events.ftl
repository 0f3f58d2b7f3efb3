# events: турниры, рейтинги и таблица лидеров, настройки канала, ограничения и сбои
# хранилища.

## Счёт

tournament-players = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}
tournament-rounds = { $count ->
    [one] { $count } тур
    [few] { $count } тура
   *[many] { $count } туров
}

## Системы и стадии

tournament-format-round-robin = круговой
tournament-format-swiss = швейцарская система, { $count ->
    [one] { $count } тур
    [few] { $count } тура
   *[many] { $count } туров
}
tournament-format-knockout = на выбывание
tournament-phase-registration = регистрация открыта
tournament-phase-running = тур { $round }
tournament-phase-finished = завершён
tournament-phase-cancelled = отменён

## Кто организует

tournament-organizers-create = создать турнир могут только организаторы ({ $organizers })
tournament-organizers-start = начать турнир могут только организаторы ({ $organizers })
tournament-organizers-cancel = отменить турнир могут только организаторы ({ $organizers })

## Какой турнир имеется в виду

tournament-unknown = здесь нет турнира `{ $name }`; `{ $p }tournament` показывает список
tournament-none-live = здесь нет открытого или идущего турнира; организатор создаёт его командой `{ $p }tournament new НАЗВАНИЕ ИГРА roundrobin|double|swiss ТУРЫ|knockout|arena ДЛИТЕЛЬНОСТЬ [ВРЕМЯ]`
tournament-wrong-stage = ни один турнир здесь не находится на этой стадии ({ $list }); `{ $p }tournament` показывает список
tournament-several = подходят несколько турниров ({ $list }); укажите один, например `{ $p }tournament { $usage } { $first }`
tournament-gone = турнира больше нет
tournament-not-started = { $name } ещё не начался: { $count ->
    [0] пока никто не записался
    [one] пока записался { $count } игрок
    [few] пока записались { $count } игрока
   *[many] пока записались { $count } игроков
}; организатор начинает его командой `{ $p }tournament start { $name }`
tournament-running = { $name } идёт (тур { $round }): регистрация закрыта; `{ $p }tournament pairings { $name }` показывает текущий тур
tournament-over-refusal = { $name } завершён; `{ $p }tournament standings { $name }` показывает итоговую таблицу
tournament-was-cancelled = { $name } отменён

## Команды

tournament-list-empty = Здесь пока нет турниров. Организаторы: `{ $p }tournament new НАЗВАНИЕ ИГРА roundrobin|double|swiss ТУРЫ|knockout|arena ДЛИТЕЛЬНОСТЬ [ВРЕМЯ]`.
tournament-list = Турниры:
tournament-created = Турнир { $name } создан: { $kind }, { $format }, { $time }. Регистрация открыта: `{ $p }tournament join { $name }`; организатор начинает его командой `{ $p }tournament start { $name }`.
tournament-per-move = { $duration } на ход
tournament-no-time-limit = без ограничения времени
tournament-joins = { $player } участвует в { $name } ({ $players }).
tournament-leaves = { $player } покидает { $name }.
tournament-started = { $name } начинается: { $players }, { $format }. Стартовые номера: { $seeds }.
tournament-withdraw-others = снять другого игрока могут только организаторы; себя вы можете снять сами
tournament-withdrawn = { $player } больше не участвует в турнире { $name }.
tournament-withdrawn-resigned = { $player } больше не участвует в турнире { $name }: текущая партия сдана от имени игрока.
tournament-cancelled = Турнир { $name } отменён.
tournament-cancelled-aborted = Турнир { $name } отменён; { $count ->
    [one] прервана { $count } текущая партия
    [few] прерваны { $count } текущие партии
   *[many] прервано { $count } текущих партий
}.

## Отказы

tournament-name-taken-running = турнир с именем `{ $name }` здесь уже идёт; выберите другое имя
tournament-name-taken-open = турнир с именем `{ $name }` здесь уже открыт; выберите другое имя
tournament-closed-started = регистрация на { $name } закрыта: турнир начался
tournament-closed-ended = регистрация на { $name } закрыта: турнир завершён
tournament-already-in = вы уже участвуете в { $name }
tournament-full = в { $name } нет мест ({ $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
})
tournament-leave-started = { $name } уже начался; попросите организатора: `{ $p }tournament withdraw @ваше_имя`
tournament-not-in = вы не участвуете в { $name }
tournament-already-started = { $name } уже начался
tournament-too-few = для начала { $name } нужно не меньше 2 игроков (сейчас { $count })
tournament-player-not-in = { $player } не участвует в { $name }
tournament-already-withdrawn = { $player } уже не участвует в турнире
tournament-is-over = { $name } завершён
tournament-already-cancelled = { $name } уже отменён
tournament-already-over = { $name } уже завершён
tournament-game-resigned = { $player } больше не участвует в турнире: партия сдана.

## Пары, результаты и туры

tournament-not-started-yet = { $name } ещё не начался.
tournament-pairings-title = { $name }, тур { $round }:
tournament-bye = { $board }. { $player } пропускает тур
tournament-playing-in = играют в #{ $room }
tournament-waiting-room = ждёт свою комнату
tournament-pairing = { $board }. { $south } (Юг) — { $north } (Север): { $result }{ $forfeit ->
    [yes] {" (неявка)"}
   *[no] {""}
}
tournament-game-opened = Турнир { $name }, тур { $round }, доска { $board }: { $kind }, { $players }. { $line }
tournament-result = { $name }, тур { $round }, доска { $board }: { $south } { $score } { $north }.
tournament-round-begins = Начинается тур { $round } турнира { $name }.
tournament-over = Турнир { $name } завершён.
tournament-over-winner = Турнир { $name } завершён: { $winner }.

## Турнирная таблица

tournament-registered = { $name } не начался; записались: { $players }.
tournament-registered-nobody = пока никто
tournament-when-first = идёт тур { $round }
tournament-when-between = после тура { $done }, идёт тур { $round }
tournament-when-after = после тура { $done }
tournament-standings-title = Турнирная таблица { $name }, { $when }:
tournament-standings-title-final = Турнирная таблица { $name }, { $when } (итог):
tournament-standings-title-cancelled = Турнирная таблица { $name }, { $when } (турнир отменён):
tournament-standing = { $rank } { $player } { $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
} ({ $won }-{ $drawn }-{ $lost }), Бухгольц { $buchholz }, З-Б { $sb }
tournament-standing-knockout = { $rank } { $player }: { $result }
tournament-withdrawn-mark = (вне турнира)
tournament-forfeit-mark = (неявка)
tournament-winner = { $winner } побеждает
tournament-winner-final = { $winner } выигрывает { $round } у { $other }

## Туры турнира на выбывание

tournament-stage-final = финал (тур { $round })
tournament-stage-semi = полуфинал (тур { $round })
tournament-stage-quarter = четвертьфинал (тур { $round })
tournament-stage-round = тур { $round }
tournament-ko-won = победа: { $stage }
tournament-ko-lost = поражение: { $stage }
tournament-ko-lost-in = выбывание: { $stage }
tournament-ko-in = играет: { $stage }

## Картинки таблицы

tournament-table-standings = Турнирная таблица { $name }
tournament-table-crosstable = Сетка { $name }
tournament-col-player = Игрок
tournament-col-result = Итог
tournament-col-points = Очки
tournament-col-wdl = В-Н-П
tournament-col-buchholz = Бухгольц
tournament-col-sb = З-Б

## Рейтинги

rating-games = { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}
rating-line = { $game } { $rating }{ $provisional ->
    [yes] {", предварительный"}
   *[no] {""}
} ({ $games }: выиграно { $won }, вничью { $drawn }, проиграно { $lost }{ $last })
rating-last-change = , последнее изменение { $change }
rating-unrated = { $game } без рейтинга
rating-summary = { $player }: { $katro }; { $hoyito }.
rating-chart-title = { $player }: история рейтинга
rating-chart-steps = рейтинговые партии
rating-chart-band = отклонение рейтинга
leaderboard-empty = { $game }: рейтинговых партий пока нет.
leaderboard-title = Лидеры рейтинга, { $game } (? = предварительный рейтинг):

## Настройки канала

settings-theme = Картинки доски здесь рисуются в { $theme ->
    [dark] тёмной
   *[light] светлой
} теме.
settings-pictures-frames = Ходы здесь показываются кадр за кадром (листом кадров, когда их много).
settings-pictures-sheet = Ходы здесь показываются листом кадров, а затем итоговой доской.
settings-pictures-final = Ходы здесь показываются только итоговой доской с нарисованным путём хода.
settings-pictures-gif = Ходы здесь показываются анимированным GIF.
settings-view-mover = Доски партий двух людей здесь рисуются со стороны игрока, сделавшего ход (партии с ИИ: со стороны человека).
settings-view-south = Доски партий двух людей здесь рисуются со стороны Юга (партии с ИИ: со стороны человека).
settings-view-north = Доски партий двух людей здесь рисуются со стороны Севера (партии с ИИ: со стороны человека).

## Ограничения и сбои

limit-user-throttled = вы отправляете команды быстрее, чем бот их принимает; ничего не изменено. Попробуйте снова через { $secs } с.
limit-channel-throttled = в этом канале команды идут быстрее, чем бот их принимает; ничего не изменено. Попробуйте снова через { $secs } с.
channel-id-refused = бот не хранит партии в этом канале: { $fault }
limit-command-too-long = длина команды { $len ->
    [one] { $len } символ
    [few] { $len } символа
   *[many] { $len } символов
}; команда может быть не длиннее { $max ->
    [one] { $max } символа
   *[many] { $max } символов
}
busy-retry = слишком много команд сразу в этом канале; ничего не изменено, попробуйте снова
store-failed = сбой хранилища партий, ничего не изменено: { $error }
store-not-answering = хранилище партий сейчас не отвечает; ничего не изменено, попробуйте снова через минуту (подробности в журнале бота)
store-disk-full = хранилище партий сейчас не может ничего сохранить: диск сервера заполнен или доступен только для чтения. Ничего не изменено; попробуйте снова, когда администратор освободит место

## Ошибки ввода (причина приходит из правил, на английском)

input-bad-hole = неверная лунка { $typed }: { $reason }; нужна буква столбца и номер ряда, например `c1`
input-bad-katro-move = неверный ход { $typed }: { $reason }; нужна лунка и направление, например `c1+` или `c1-` (просто `c1` означает +)
input-bad-hoyito-move = неверный ход { $typed }: { $reason }; нужна лунка вашего ряда, например `d1`
input-bad-game = неверная игра { $typed }: { $reason }; нужно `katro`, `katro:4x6`, `katro:4x4`, `hoyito` или `hoyito:2xN` с N от 6 до 12
input-bad-position = неверная позиция { $typed }: { $reason }; нужно `ИГРА/РЯД1/.../РЯДn ХОД [S N]`, например `hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`
input-reason-empty = пустой ход
input-reason-not-a-hole = { $text } — не лунка
input-reason-off-board = { $hole } вне доски { $game } (столбцы a-{ $last }, ряды 1-{ $rows })
input-reason-hoyito-step = в Ойито нет шагов одиночного камня
input-reason-two-directions = только одно направление: `+` или `-` после лунки
input-reason-hoyito-direction = у хода в Ойито нет направления
input-reason-katro-size = доски Катро: 6x6, 4x6 и 4x4
input-reason-hoyito-size = доски Ойито: 2xN
input-reason-katro-board = доски Катро: 6x6, 4x6 и 4x4 (K1), а не { $rows }x{ $cols }
input-reason-hoyito-board = в доске Ойито от 6 до 12 лунок в ряду (H1), а не { $cols }
input-reason-unknown-game = неизвестная игра

## threads
settings-threads-on = Теперь каждая новая партия между людьми, предложенная здесь, идёт в отдельной комнате, которую я открываю (ветка в Discord), так что в этом канале может идти много партий. `{ $p }set threads off` возвращает одну партию на канал.
settings-threads-off = Теперь партии, предложенные здесь, играются в этом канале, по одной.

## tournament organizer tools
tournament-organizer-only = это могут только организаторы турнира { $name } ({ $organizer } или роль организатора)
tournament-org-not-started = { $name } ещё не начался
tournament-no-board = в текущем туре { $name } нет доски { $board }
tournament-no-game = в { $name } нет партии `{ $id }`
tournament-no-game-here = ни в одном турнире здесь нет партии `{ $id }`
tournament-game-bye = тур { $round }, доска { $board } — свободный тур: партии нет
tournament-game-over = партия тура { $round }, доска { $board } уже окончена ({ $score })
tournament-adjudicate-who = { $player } не играет эту партию: укажите south, north, draw или одного из двух её игроков
tournament-game-ended = эта партия уже не идёт
tournament-game-not-open = партия тура { $round }, доска { $board } ещё не началась
tournament-act-failed = сейчас это сделать не удалось (слишком много изменений сразу); попробуйте ещё раз
tournament-adjudicated = { $by } присуждает результат: { $name }, тур { $round }, доска { $board }: { $south } { $score } { $north }. Причина: { $reason }
tournament-extend-no-clock = у партий { $name } нет контроля времени
tournament-extend-late = срок хода в туре { $round }, доска { $board } уже истёк: партия проиграна по времени
tournament-extended = { $by } добавляет время: { $name }, тур { $round }, доска { $board }: { $duration }. { $line }
tournament-already-paused = { $name } уже на паузе
tournament-not-paused = { $name } не на паузе
tournament-paused = { $by } ставит { $name } на паузу: все часы остановлены, сроки не истекают и новые туры не составляются до `{ $p }tournament resume`. Ходить можно, часы при этом стоят.
tournament-resumed = { $name } продолжается ({ $by }, после паузы длиной { $duration }): часы снова идут, у каждого игрока столько времени, сколько оставалось.
tournament-room-paused = { $name } на паузе. { $line }
tournament-room-resumed = { $name } продолжается. { $line }
tournament-rule = неоконченная партия: побеждает тот, кто взял больше семян (в матче сначала считаются выигранные партии), при равенстве — ничья
tournament-next-paused = { $name } на паузе: сначала `{ $p }tournament resume`
tournament-next-unfinished = в туре { $round } турнира { $name } { $count ->
    [one] { $count } неоконченная партия (доска { $boards })
    [few] { $count } неоконченные партии (доски { $boards })
   *[other] { $count } неоконченных партий (доски { $boards })
}: следующий тур начнётся, когда они закончатся, или `{ $p }tournament next-round adjudicate` решит их сейчас (побеждает тот, кто взял больше семян, в матче сначала считаются выигранные партии; при равенстве — ничья)
tournament-round-closed = Тур { $round } турнира { $name } закрыт.
tournament-round-closed-rule = Организатор закрывает тур { $round } турнира { $name }: { $count ->
    [one] { $count } неоконченная партия (доска { $boards }) решена
    [few] { $count } неоконченные партии (доски { $boards }) решены
   *[other] { $count } неоконченных партий (доски { $boards }) решены
} по правилу: { $rule }.
tournament-kicked = { $by } исключает игрока { $player } из турнира { $name }.
tournament-kicked-why = { $by } исключает игрока { $player } из турнира { $name }. Причина: { $reason }
tournament-checkin-started = подтверждение участия проходит до начала, а { $name } уже начался
tournament-checkin-not-open = подтверждение участия в { $name } не открыто (его открывает организатор: `{ $p }tournament checkin open [СРОК]`)
tournament-checkin-closed = подтверждение участия в { $name } закрылось { $time }
tournament-checked-in-already = вы уже подтвердили участие в { $name }
tournament-checked-in = { $player } подтверждает участие в { $name } ({ $count } из { $players }).
tournament-checkin-open = Открыто подтверждение участия в { $name }: игроки, `{ $p }tournament checkin`. При старте те, кто не подтвердил, будут исключены.
tournament-checkin-open-until = Подтверждение участия в { $name } открыто до { $time }: игроки, `{ $p }tournament checkin`. При старте те, кто не подтвердил, будут исключены.
tournament-no-shows = Участие не подтверждено, исключены из { $name } ({ $count }): { $players }.
tournament-log-empty = { $name }: организаторы пока ничего не делали
tournament-log-head = Журнал организаторов { $name } ({ $count ->
    [one] { $count } запись
    [few] { $count } записи
   *[other] { $count } записей
}, сначала новые):
tournament-log-line = { $time } { $by }: { $what }
tournament-log-older = … и ещё { $count } более старых
tournament-log-started = турнир начат
tournament-log-cancelled = турнир отменён
tournament-log-adjudicated = присуждён результат в туре { $round }, доска { $board }: { $score } ({ $reason })
tournament-log-extended = добавлено { $duration } в туре { $round }, доска { $board }
tournament-log-paused = турнир поставлен на паузу
tournament-log-resumed = турнир продолжен после паузы { $duration }
tournament-log-round-closed = закрыт тур { $round } (решено партий: { $count })
tournament-log-kicked = исключён игрок { $player }
tournament-log-kicked-why = исключён игрок { $player } ({ $reason })
tournament-log-checkin = открыто подтверждение участия
tournament-log-checkin-until = открыто подтверждение участия до { $time }
tournament-log-no-shows = исключены не подтвердившие участие (всего { $count }): { $players }
tournament-phase-paused = тур { $round }, на паузе
tournament-board-which = идёт несколько турниров ({ $list }): чтобы указать доску { $board }, напишите команду в комнате партии или укажите номер партии
## tournament results, formats and info
tournament-format-double = двухкруговой
tournament-accelerated-word = ускоренная
tournament-ties-rematch = после ничьей играется вторая партия со сменой сторон; если и она ничейная — решающие партии с половиной времени на ход (не меньше 1 ч), каждый раз со сменой сторон; после третьей ничейной решающей партии проходит игрок с более высоким стартовым номером
tournament-ties-seed = при ничьей проходит игрок с более высоким стартовым номером
tournament-info-ties = Ничьи в турнире на выбывание (`rematch`|`seed`, выбирается при создании): { $rule }.
tournament-info-accelerated = Первый тур ускоренный: верхняя половина по рейтингу играет между собой, нижняя — тоже.
tournament-info-head = Турнир { $name }: { $kind }, { $format }, { $time }.
tournament-info-who = Организатор: { $organizer }; { $phase }, { $players }.
tournament-info-standings = Таблица: очки (победа 1, ничья ½), затем Бухгольц, затем Зоннеборн-Бергер; при равенстве по всем трём место делится; выбывшие по снятию стоят в конце.
tournament-info-standings-swiss = Таблица: очки (победа 1, ничья ½, пропуск тура 1 после окончания тура), затем Бухгольц, затем Зоннеборн-Бергер; при равенстве по всем трём место делится; выбывшие по снятию стоят в конце.
tournament-info-standings-knockout = Таблица: по достигнутому туру; выбывшие в одном туре делят место; снятые игроки стоят в конце.
tournament-info-rules = Правила: партии рейтинговые; просроченный ход — поражение; без подсказок, отмены ходов и прерывания партий; правила игры: `{ $p }rules { $game }`.
tournament-tie-rematch = Доска { $board }: ничья. { $south } и { $north } играют вторую партию со сменой сторон ({ $south } за Юг).
tournament-tie-decider = Доска { $board }: снова ничья. { $south } и { $north } играют решающую партию { $n }, { $time } ({ $south } за Юг).
tournament-tie-seed = Доска { $board }: ничья. { $winner } проходит дальше как игрок с более высоким стартовым номером ({ $rule }).
tournament-tie-seed-rule = правило тай-брейка турнира
tournament-tie-seed-cap = { $drawn ->
    [one] { $drawn } ничейная партия
    [few] { $drawn } ничейные партии
   *[many] { $drawn } ничейных партий
}, предел правила тай-брейка
tournament-by-rule = { $result } (более высокий стартовый номер, по правилу тай-брейка)
settings-tournament-clock = это комната турнира { $name }: действует его контроль времени ({ $time }), и просроченный ход всегда означает поражение в турнирной партии; `{ $p }set autoforfeit` — для партий вне турниров, настройте его в другом канале
settings-tournament-hints = это комната турнира { $name }: в турнирных партиях подсказок не бывает, поэтому `{ $p }set hints` здесь не применяется
tournament-format-arena = арена, { $duration }
tournament-info-arena = Арена: свободные игроки сразу получают пару друг с другом в течение { $duration } с начала; партии, идущие в конце, доигрываются.
tournament-info-arena-until = Арена: свободные игроки сразу получают пару друг с другом до { $end }; партии, идущие в этот момент, доигрываются.
tournament-info-standings-arena = Таблица: очки арены: победа 2, ничья 1; после двух побед подряд каждая победа даёт 4, пока партия не будет выиграна; при равенстве очков место делится; снятые игроки стоят в конце.
tournament-arena-title = Идущие партии арены { $name } (новые пары до { $end }):
tournament-arena-game = { $south } (Юг) против { $north } (Север): { $place }
tournament-arena-none = сейчас ни одной
tournament-arena-paired = Арена { $name }: новые партии.
tournament-standing-arena = { $rank } { $player } { $points } { $points ->
    [one] очко
    [few] очка
   *[many] очков
} ({ $won }-{ $drawn }-{ $lost }){ $streak ->
    [yes] , серия побед
   *[no] {""}
}
tournament-game-second = Вторая партия на этой доске после ничьей: стороны меняются.
tournament-game-decider = Решающая партия { $n } на этой доске после ничьих: { $time }, стороны меняются.
tournament-phase-arena = идут партии
tournament-when-arena = после { $count ->
    [one] { $count } партии
   *[other] { $count } партий
}
tournament-over-shared = Турнир { $name } завершён: { $players } делят первое место — равенство по очкам и всем тай-брейкам.
