# play
# Words (src/core/text/mod.rs)
side-south = Юг
side-north = Север
game-kind = { $game } { $rows }x{ $cols }{ $lone ->
    [yes] {" "}с шагами одиночного камня
   *[no] {""}
}{ $is_match ->
    [yes] {", "}матч
   *[no] {""}
}
move-summary = { $player } ({ $side }), ход { $mv }: { $parts }.
move-laps = { $count ->
    [one] { $count } круг
    [few] { $count } круга
   *[many] { $count } кругов
}
move-captured = взято { $taken } с { $target }
move-casas = взято { $seeds } в { $count ->
    [one] касе
   *[many] касах
} на { $at }
move-form-katro = `{ $prefix }sow ЛУНКА+` или `{ $prefix }sow ЛУНКА-`
move-form-hoyito = `{ $prefix }sow ЛУНКА`
move-event-relay = эстафета: { $lifted } с { $hole }
move-event-capture = взятие { $taken } с { $target } на { $hole }
move-event-casa = каса на { $hole }
move-event-last-four = последние четыре
move-event-pass = { $side } пропускает ход
move-event-stop = остановка на { $hole }
move-error-game-over = партия окончена
move-error-off-board = { $hole } нет на этой доске
move-error-not-your-hole = { $hole } — не лунка стороны { $side }; { $side } сеет только со своей стороны
move-error-closed = лунка { $hole } закрыта в этой партии (M2), с неё ходить нельзя
move-error-empty = лунка { $hole } пуста; выберите лунку с камнями
move-error-wrong-row = { $hole } не в вашем крайнем ряду с камнями (K3): ходите из ряда { $row }
move-error-endless = { $mv } — бесконечный ход: его посев не заканчивается за { $laps ->
    [one] { $laps } круг
    [few] { $laps } круга
    [many] { $laps } кругов
   *[other] { $laps } круга
} (K8/H9)
move-error-step-one-seed = для шага одиночного камня (K11) на вашей стороне должен быть ровно один камень
move-error-step-inward = шаг одиночного камня (K11) идёт на один ряд внутрь, прямо или по диагонали
move-error-no-steps = шаги одиночного камня (K11) в этой партии не играются
move-error-katro-form = ход в Катро — это лунка и направление, например c1+
move-error-hoyito-form = ход в Ойито — это лунка, например d1
result-ongoing = Партия продолжается.
result-win = { $player } ({ $side }) побеждает: { $reason }.
result-draw = Ничья: { $reason }.
result-reason-no-legal-move = нет допустимого хода (K9)
result-reason-repetition = третье повторение (K10/H10)
result-reason-stalemate = ни один игрок не может ходить (H10)
result-reason-all-captured = все камни взяты (H7/H8)
result-reason-resignation = сдача
result-captured = Взято: Юг { $south }, Север { $north }.
clock-hours = { $count } ч
clock-minutes = { $count } мин
clock-seconds = { $count } с
clock-after-max = после 31 дек. 9999 г.
# Games (src/core/games.rs)
game-someone = кто-то
game-challenge-open-here = здесь открыт вызов от { $who } на партию { $kind }; одна партия на канал: сначала `{ $p }accept` или `{ $p }decline`
game-in-play-here = здесь идёт партия { $kind } ({ $players }); одна партия на канал: доиграйте её или `{ $p }resign`, или играйте в другом канале
game-challenge-self = нельзя вызвать самого себя; упомяните другого игрока или не указывайте соперника, чтобы любой мог сделать `{ $p }accept`
game-terms-plays = { $player } играет за { $side }
game-terms-random-sides = стороны по жребию
game-terms-per-move = , { $time } на ход
game-terms-no-limit = , без ограничения времени
game-terms-unrated = , без рейтинга
game-challenge = { $player } вызывает { $opponent } на партию { $kind } ({ $terms }). { $opponent }: `{ $p }accept` или `{ $p }decline` (истекает через { $expires }).
game-button-accept = Принять
game-button-decline = Отклонить
game-button-withdraw = Отозвать
game-open-challenge = { $player } предлагает партию { $kind } ({ $terms }): любой может сделать `{ $p }accept` (истекает через { $expires }); `{ $p }decline` отзывает вызов.
game-no-challenge-to-accept = здесь нет вызова, который можно принять; создайте его: `{ $p }new ИГРА [@соперник]`
game-already-started = партия здесь уже началась ({ $players }); `{ $p }board` покажет её
game-challenge-expired-at = вызов от { $player } истёк { $date } и больше не может быть принят; создайте новый: `{ $p }new ИГРА [@соперник]`
game-accept-own = нельзя принять собственный вызов; дождитесь соперника или отзовите вызов: `{ $p }decline`
game-accept-only = принять вызов от { $player } может только { $opponent }; смотреть может любой: `{ $p }board`
game-accepts = { $player } принимает вызов от { $challenger }: { $kind }, { $players }. { $line }
game-no-challenge-to-decline = здесь нет открытого вызова, который можно отклонить
game-decline-in-play = { $none }; идущая партия ({ $players }) заканчивается через `{ $p }resign`
game-expired-removed = вызов от { $player } уже истёк; он удалён.
game-withdraws = { $player } отзывает вызов.
game-declines = { $player } отклоняет вызов от { $challenger }.
game-decline-only = отклонить этот вызов могут только { $opponent } (кому он брошен) или { $challenger } (кто его бросил)
game-withdraw-only = отозвать этот открытый вызов может только { $challenger }; чтобы играть, сделайте `{ $p }accept`
move-legal-list = допустимые ходы: { $moves }
move-illegal = { $typed } — недопустимый ход: { $error }; { $legal }
move-not-a-player = вы не играете в этой партии ({ $players }); ходят только двое игроков, смотреть может любой: `{ $p }board`
move-ai-turn = сейчас ход ИИ ({ $side }), а не ваш: за него играет { $ai }; дождитесь его хода
move-not-your-turn = сейчас ход { $player } ({ $side }), а не ваш; дождитесь хода
game-match-game-over = Партия { $game } матча окончена. { $outcome } { $captured }
picture-series-side = { $side } ({ $player })
picture-chart-katro = { $south } против { $north }: камни на каждой стороне
picture-chart-hoyito = { $south } против { $north }: взятые камни
picture-chart-plies = полуходы
game-match-next = Начинается партия { $game } (M1-M3): { $standing }; закрытые лунки: { $closed }.
game-match-next-open = Начинается партия { $game } (M1-M3): { $standing }; закрытых лунок нет.
game-resign-challenge = сдаваться не в чем: вызов ещё не принят; `{ $p }decline` отзывает или отклоняет его
game-resign-not-a-player = вы не играете в этой партии ({ $players }); сдаться может только игрок
game-resigns = { $player } ({ $side }) сдаётся.
# Views (src/core/views.rs)
view-players = { $south } (Юг) против { $north } (Север)
view-no-game = здесь не идёт ни одной партии; начните её: `{ $p }new ИГРА [@соперник]`
view-not-started = партия не началась: вызов ждёт `{ $p }accept`
view-match-standing = выиграно партий: { $south } { $south_wins }, { $north } { $north_wins }; резервы: { $south } { $south_reserve }, { $north } { $north_reserve }
view-to-move = Ход { $player } ({ $side }).
view-to-move-form = Ход { $player } ({ $side }): { $form }.
view-side-to-move = Ход стороны { $side }.
clock-deadline = Срок для { $player }: { $time } ({ $per_move } на ход).
result-on-time = Партия окончена. { $player } ({ $side }) побеждает по времени.
result-draw-agreed = Партия окончена. Ничья по соглашению.
result-aborted = Партия прервана: без результата, без рейтинга.
result-game-over = Партия окончена. { $outcome } { $captured }
result-match-by-resignation = {" "}после сдачи соперника
result-match-m4 = {" "}(M4): у { $player } всего { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
} (взято { $captured }, резерв { $reserve }), меньше четырёх
result-match-over = Матч окончен после { $count ->
    [one] { $count } партии
   *[many] { $count } партий
}: { $player } ({ $side }) выигрывает матч{ $how }. Выиграно партий: { $south } { $south_wins }, { $north } { $north_wins }.
view-board = { $kind }: { $players }, ход { $number }. Позиция: `{ $position }`. Ход { $player } ({ $side }).
view-board-match = { $kind }: { $players }, ход { $number } партии { $game }. Матч (M1-M4): { $standing }. Позиция: `{ $position }` (её хранилища — взятия этой партии). Ход { $player } ({ $side }).
view-challenge-expired = Партии здесь нет: вызов от { $challenger } для { $opponent } ({ $kind }) истёк; создайте новый: `{ $p }new ИГРА [@соперник]`.
view-open-challenge-expired = Партии здесь нет: открытый вызов от { $challenger } ({ $kind }) истёк; создайте новый: `{ $p }new ИГРА [@соперник]`.
view-challenge-waiting = Партии пока нет: вызов от { $challenger } для { $opponent } ({ $kind }); ждём, когда { $opponent } сделает `{ $p }accept`.
view-open-challenge-waiting = Партии пока нет: { $challenger } предлагает всем партию { $kind }; `{ $p }accept`, чтобы играть.
view-last-game = Сейчас здесь нет партии. Последняя ({ $kind }, { $players }): { $result } Позиция: `{ $position }`. Начните новую: `{ $p }new ИГРА [@соперник]`.
view-legal-moves = Допустимые ходы для { $player } ({ $side }): { $moves }
view-replay-none = в этой партии ещё не сделано ни одного хода: повторять нечего
view-replay-broken = сохранённая партия не воспроизводится: { $error }
view-replay = Повтор хода { $number }: { $summary }
view-record-game = Партия { $id }: { $kind }
view-record-started = Начата { $date }
view-record-in-play = Идёт: ход { $player } ({ $side })
view-record-match = Матч (M1-M4), партия { $game }: { $standing }
view-record-no-moves = (ходов пока нет)
view-record-match-game = Партия { $game }: { $moves }{ $result }
# Correspondence (src/core/correspondence.rs)
clock-timeout = { $player } ({ $side }): срок хода истёк ({ $time }).
clock-claim-not-a-player = вы не играете в этой партии ({ $players }); требовать победу может только соперник игрока, чей ход
clock-claim-no-clock = в этой партии нет времени на ход, так что требовать нечего
clock-claim-ai = { $ai } не выходит за срок: свой ход он делает прямо сейчас
clock-claim-own-move = сейчас ваш ход; требовать победу мог бы только { $opponent }, когда пройдёт ваш срок ({ $time })
clock-claim-own-move-late = сейчас ваш ход, и ваш срок ({ $time }) уже прошёл: потребовать победу может только { $opponent }; сделайте ход, чтобы продолжить
clock-claim-early = срок игрока { $player } ещё не прошёл: { $time }; `{ $p }claim` — после него
game-abort-not-a-player = вы не играете в этой партии ({ $players }); прервать её может только игрок
game-abort-tournament = турнирную партию нельзя прервать; `{ $p }resign`, или организатор может сделать `{ $p }tournament withdraw @игрок`
game-abort-too-late-ai = обе стороны уже сделали ход, партию больше нельзя прервать; `{ $p }resign`
game-abort-too-late = обе стороны уже сделали ход, партию больше нельзя прервать; `{ $p }resign` или предложите ничью: `{ $p }draw`
game-aborts = { $player } прерывает партию ({ $players }): без результата, без рейтинга.
game-draw-not-a-player = вы не играете в этой партии ({ $players }); предложить ничью может только игрок
game-draw-offered-already = вы уже предложили ничью; { $other } может принять её: `{ $p }draw`
game-draw-accepts = { $player } принимает ничью.
game-draw-offer = { $player } предлагает ничью. { $opponent }: `{ $p }draw`, чтобы принять; ход отклоняет её.
game-rematch-busy = здесь уже есть вызов или партия; одна партия на канал (`{ $p }board` покажет её)
game-rematch-none = здесь ещё не закончилась ни одна партия; начните её: `{ $p }new ИГРА [@соперник]`
game-rematch-not-a-player = реванш могут попросить только игроки последней партии здесь ({ $players })
game-rematch-tournament = последняя партия здесь была турнирной; вместо этого бросьте вызов: `{ $p }new`
game-rematch-no-opponent = в последней партии здесь нет соперника, которого можно попросить
game-rematch = { $player } просит { $opponent } о реванше ({ $kind }{ $rated ->
    [no] {", "}без рейтинга
   *[yes] {""}
}), стороны меняются: { $player } играет за { $side }. { $opponent }: `{ $p }accept` или `{ $p }decline` (истекает через { $expires }).
clock-reminder = { $player }, ваш ход ({ $side }) в партии { $kind } ({ $players }): срок — { $time }. { $form }
clock-challenge-expired = { $player }: ваш вызов для { $opponent } ({ $kind }) не был принят до истечения ({ $time }). Создайте новый: `{ $p }new ИГРА [@соперник]`.
clock-open-challenge-expired = { $player }: ваш открытый вызов ({ $kind }) не был принят до истечения ({ $time }). Создайте новый: `{ $p }new ИГРА [@соперник]`.
clock-timeout-notice = { $player } ({ $side }): срок хода истёк ({ $time }). { $opponent } может потребовать победу через `{ $p }claim` или дождаться хода.
clock-muted = { $player }: напоминания о ходе здесь для вас выключены (`{ $p }unmute` включает их).
clock-unmuted = { $player }: напоминания о ходе здесь для вас включены.
game-organizers = в Discord — право «Управлять сервером» или роль организатора, в Matrix — модераторы комнаты
game-settings-organizers-only = менять настройки канала могут только организаторы ({ $who })
clock-autoforfeit-on = Автопоражение в этом канале включено: игрок, чей срок прошёл, автоматически проигрывает партию.
clock-autoforfeit-off = Автопоражение в этом канале выключено: когда срок прошёл, соперник может потребовать победу через `{ $p }claim`.
# Against the AI (src/core/vs_ai.rs)
ai-no-such-level = уровня ИИ { $level } не существует: уровни — { $levels }
ai-budget-positions = до { $count ->
    [one] { $count } позиции
   *[many] { $count } позиций
} на ход
ai-budget-time = до { $time } на ход
ai-time-per-move = { $time } на ход для { $player }; кто просрочит ход, проигрывает партию
ai-no-time-limit = без ограничения времени
ai-game-start = { $player } играет { $kind } против ИИ, без рейтинга ({ $time }): { $players }. Я играю за { $side } на уровне { $level } ({ $name }, обдумывание { $budget }). { $line } `{ $p }resign` завершает партию.
ai-player = mancala-bot (уровень { $level }, { $name })
ai-level-name = { $level ->
    [1] новичок
    [2] любитель
    [3] клубный
    [4] эксперт
    [5] мастер
   *[other] ?
}
ai-no-draws = { $ai } не соглашается на ничью; играйте дальше или `{ $p }resign`
ai-store-failed = хранилище партий дало сбой, ход ИИ не сделан: { $error }
ai-busy = ИИ сейчас занят: { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
} в очереди; ничего не изменено, попробуйте через минуту
clock-milliseconds = { $count } мс
# Hints (src/core/hint.rs)
hint-no-game = здесь не идёт партия: подсказка — для игрока, чей ход
hint-tournament = в турнирных партиях подсказок нет
hint-rated = в рейтинговых партиях подсказок нет: подсказки — для партий против ИИ и для партий без рейтинга (`{ $p }new katro @друг unrated`), где организатор их включил (`{ $p }set hints on`)
hint-not-a-player = подсказки — для игроков этой партии
hint-not-your-turn = сейчас не ваш ход: подсказка — для игрока, чей ход
hint-off = подсказки в этом канале выключены: организатор может включить их для партий без рейтинга командой `{ $p }set hints on`
hint-gain = { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
} вам
hint-line = Подсказка для { $player } ({ $side }): `{ $p }sow { $mv }`: { $what }. { $verdict }
hint-depth = { $count ->
    [one] { $count } полуход
    [few] { $count } полухода
   *[many] { $count } полуходов
}
hint-forced-win = С этим ходом ИИ видит форсированную победу (глубина { $depth }).
hint-forced-loss = ИИ видит форсированное поражение при любом ходе; этот ход сопротивляется дольше всех (глубина { $depth }).
hint-balance-for = С этим ходом поиск ИИ (глубина { $depth }) оценивает партию в { $seeds ->
    [one] { $seeds } камень
    [few] { $seeds } камня
    [many] { $seeds } камней
   *[other] { $seeds } камня
} в вашу пользу.
hint-balance-against = С этим ходом поиск ИИ (глубина { $depth }) оценивает партию в { $seeds ->
    [one] { $seeds } камень
    [few] { $seeds } камня
    [many] { $seeds } камней
   *[other] { $seeds } камня
} не в вашу пользу.
hint-game-over = партия окончена: подсказывать нечего
hint-search-failed = ИИ не смог выполнить поиск: { $error }
hint-set-on = Подсказки в этом канале включены: в партиях без рейтинга игрок, чей ход, может спросить `{ $p }hint`. В рейтинговых и турнирных партиях подсказок не бывает.
hint-set-off = Подсказки в этом канале выключены (в партиях против ИИ они остаются).
# Ratings after a game (src/core/aftermath.rs)
result-unrated-unmoved = Без рейтинга: партия закончилась раньше, чем обе стороны сделали ход.
result-ratings = Рейтинг ({ $family }): { $south } { $south_before } → { $south_after }, { $north } { $north_before } → { $north_after }.
# Reviews (src/core/analysis.rs)
review-no-game = в этом канале ещё не закончилась ни одна партия: `{ $p }analyze` разбирает последнюю
review-no-moves = в последней партии здесь нет ходов для разбора
review-blunders = { $count ->
    [0] грубых ошибок нет
    [one] { $count } грубая ошибка
    [few] { $count } грубые ошибки
   *[many] { $count } грубых ошибок
}
review-mistakes = { $count ->
    [0] ошибок нет
    [one] { $count } ошибка
    [few] { $count } ошибки
   *[many] { $count } ошибок
}
review-inaccuracies = { $count ->
    [0] неточностей нет
    [one] { $count } неточность
    [few] { $count } неточности
   *[many] { $count } неточностей
}
review-head = Разбор партии { $id } ({ $kind }): { $south } (Юг) против { $north } (Север); ИИ просматривал { $nodes ->
    [one] { $nodes } позицию
    [few] { $nodes } позиции
   *[many] { $nodes } позиций
} на ход.
review-accuracy = Точность: { $south } { $south_accuracy }, { $north } { $north_accuracy }.
review-slip = { $ply } { $mark ->
    [blunder] грубая ошибка
    [mistake] ошибка
   *[other] неточность
} (потеряно камней: { $seeds }; лучший ход { $best })
review-slips = Грубые ошибки и ошибки: { $listed }.
review-slips-more = Грубые ошибки и ошибки: { $listed }; и ещё { $count } (см. график).
review-perfect = Таблицы эндшпиля: начиная с { $ply }, у { $player } ({ $side }) была { $result ->
    [won] выигранная
    [drawn] ничейная
   *[lost] проигранная
} позиция при идеальной игре.
review-perfect-slip = { $ply } превратил { $before ->
    [won] выигранную
    [drawn] ничейную
   *[lost] проигранную
} позицию в { $after ->
    [won] выигранную
    [drawn] ничейную
   *[lost] проигранную
}
review-perfect-kept = Ни один ход этого не изменил.
review-chart-title = { $south } (Юг) против { $north } (Север), { $kind }
review-failed = ИИ не смог разобрать партию: { $error }
review-cooldown = вы недавно уже запустили разбор; ничего не изменено. Попробуйте снова через { $secs } с.
review-running = эта партия сейчас разбирается; разбор сохранится, когда будет готов. Попробуйте снова через { $secs } с.
review-busy = разборы заняты: { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}; ничего не изменено. Попробуйте снова через { $secs } с.
# Pictures (src/core/painter.rs, src/core/dispatch.rs)
picture-match-game = партия { $game } матча
picture-match-side = резерв { $reserve }, выиграно { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}
picture-match-status = { $game }: выиграно партий Юг { $south_wins }, Север { $north_wins }; резервы (M2) Юг { $south_reserve }, Север { $north_reserve }
picture-how-on-time = по времени
picture-status-win = Партия окончена: побеждает { $side }, { $how }
picture-status-draw-agreed = Партия окончена: ничья по соглашению
picture-status-aborted = Партия прервана: без результата
picture-status-to-move = ходит { $side }
picture-status-draw = Партия окончена: ничья, { $how }
picture-replay-frames = , { $count ->
    [one] { $count } кадр
    [few] { $count } кадра
   *[many] { $count } кадров
}.
picture-replay-alt = Анимированный повтор, в конце: { $alt }
picture-busy = бот занят рисованием: { $count ->
    [one] { $count } повтор
    [few] { $count } повтора
   *[many] { $count } повторов
}; ничего не изменено. Попробуйте снова через { $secs } с.
picture-budget = вы недавно запросили много картинок (повтор стоит по одной за каждый нарисованный кадр); ничего не изменено. Попробуйте снова через { $secs } с.
picture-failed = не удалось нарисовать повтор; попробуйте позже
picture-move-alt = Анимированный ход, в конце: { $alt }
# Picture captions and alt texts (src/render/plan.rs)
picture-game-katro-steps = Катро { $rows }x{ $cols }, шаги одиночного камня
picture-rows = ряды { $first }-{ $last }
picture-row = ряд { $row }
picture-turn-sowing = сеет
picture-turn-to-move = ходит
picture-turn-wins = победа
picture-turn-draw = ничья
picture-alt-row = ряд { $row }: { $cells }
picture-alt-board = Доска, столбцы от a до { $last }{ $closed ->
    [yes] , x = закрытая лунка
   *[no] {""}
}: { $rows }.
picture-stats-katro = { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
}, взято { $took }
picture-stats-hoyito = взято { $captured }
picture-seeds = { $count ->
    [one] { $count } камень
    [few] { $count } камня
   *[many] { $count } камней
}
picture-plays = { $side } ходит { $mv }
picture-casa-captures = каса на { $hole }: { $side } берёт 4
picture-lap = круг { $lap }: { $what }
picture-in-hand = { $count } в руке, посев дальше со следующей лунки
picture-alt-frame = Кадр { $n } из { $frames }, { $headline } ({ $game }, вид: { $view }): круг { $lap }: { $what }; посеяно за круг: { $sown }; в руке: { $hand }. { $board } { $players }
picture-alt-final = Кадр { $frames } из { $frames }, { $headline } ({ $game }, вид: { $view }): { $closing }. Весь ход: { $all }. { $board } { $players } { $status }.
picture-end = конец
picture-end-with = конец: { $events }
picture-alt-position = Позиция { $game } (вид: { $view }): { $status }. { $board } { $players }
# Pictures drawn (src/render/sheet.rs, paint.rs, chart.rs)
picture-sheet-empty = нет кадров
picture-sheet-empty-alt = Лист кадров пуст.
picture-sheet-alt = Лист из { $count ->
    [one] { $count } кадра
   *[many] { $count } кадров
}, по порядку: { $items }.
picture-tag-start = начало
picture-tag-capture = взятие
picture-tag-taken = взято: { $taken }
picture-tag-casa-four = каса 4
picture-tag-casa = каса, круг { $lap }
picture-tag-capture-lap = взятие, круг { $lap }
picture-tag-end = конец
picture-chart-band = { $steps } (разброс: { $band })
picture-chart-eval-axis = полуход (перевес в камнях: Ю сверху, С снизу)
picture-chart-series-alt = { $name }: от { $first } до { $last }{ $band } за { $count } ({ $steps }), максимум { $best } после шага { $step }
picture-chart-alt = График, { $title }. { $parts }.
picture-chart-mark = полуход { $ply }: { $kind ->
    [inaccuracy] неточность
    [mistake] ошибка
    [blunder] грубая ошибка
   *[other] отметка
}
picture-chart-marked-none = нет
picture-chart-eval-alt = График оценки, { $title }: перевес Юга в камнях за { $count ->
    [one] { $count } полуход
    [few] { $count } полухода
   *[many] { $count } полуходов
}, от { $first } до { $last }; максимум { $high } на полуходе { $high_ply }, минимум { $low } на полуходе { $low_ply }. Отмечено: { $marked }.

## Words and pictures: names, letters, tags and usage words written per language
side-letter-south = Ю
side-letter-north = С
game-name-katro = Катро
game-name-hoyito = Ойито
text-colon = { $head }: { $tail }
picture-tag-lap = { $count ->
    [1] круг
   *[other] круги
} { $laps }
picture-tag-relay-lifted = эстафета: { $count }
picture-tag-last-four = последние 4
usage-word-game = ИГРА
usage-word-time = ВРЕМЯ
usage-word-name = НАЗВАНИЕ
usage-word-hole = ЛУНКА
usage-word-rounds = ТУРЫ
usage-word-setting = НАСТРОЙКА
usage-word-value = ЗНАЧЕНИЕ
usage-word-command = КОМАНДА
usage-word-opponent = @соперник
usage-word-user = @игрок

## takeback
takeback-move = { $mv } ({ $player })
takeback-not-a-player = вернуть ход могут только игроки этой партии ({ $players })
takeback-tournament = в турнирной партии ходы не возвращают
takeback-rated = в рейтинговой партии ходы не возвращают: это можно только в партиях без рейтинга
takeback-ai-level = ИИ разрешает возвращать ходы до уровня { $max }; в этой партии уровень { $level }
takeback-nothing = в этой партии вам пока нечего возвращать; `{ $p }moves` покажет допустимые ходы
takeback-ai = { $player } возвращает ход в партии с ИИ (можно до уровня { $max }).
takeback-asks = { $player } просит вернуть ход: { $moves }. { $opponent }: `{ $p }accept` или `{ $p }decline`; любой ход отменяет просьбу.
takeback-asked-already = вы уже попросили вернуть ход; ответить должен соперник — { $opponent } (`{ $p }decline` отзывает просьбу)
takeback-pending-other = { $asker } уже просит вернуть ход: ответьте `{ $p }accept` или `{ $p }decline`
takeback-accept-own = эту просьбу сделали вы; принять её должен соперник — { $opponent }
takeback-accepts = { $player } соглашается вернуть ход по просьбе игрока { $asker }.
takeback-undone = Возвращено: { $moves }. Возвратов в этой партии: { $count }.
takeback-declines = { $player } отказывает игроку { $asker } в возврате хода; партия продолжается как есть.
takeback-withdraws = { $player } отзывает просьбу вернуть ход.
takeback-cancelled = Этот ход отменяет просьбу вернуть ход.
takeback-record = Возвратов ходов: { $count } (поэтому партия без рейтинга)

## vacation
vacation-board = { $player } в отпуске до { $date }: часы игрока стоят.
vacation-claim = { $player } в отпуске до { $date }: часы стоят, требовать победу до этого срока нельзя
vacation-on = { $player } в отпуске до { $date }; в этом году осталось { $left } из { $allowance ->
    [one] { $allowance } дня отпуска
   *[other] { $allowance } дней отпуска
}.
vacation-off-now = Вы не в отпуске; в этом году у вас осталось { $left } из { $allowance ->
    [one] { $allowance } дня отпуска
   *[other] { $allowance } дней отпуска
}. `{ $p }vacation 7d` начинает отпуск, `{ $p }vacation off` завершает его.
vacation-not-on = вы не в отпуске; `{ $p }vacation 7d` начинает отпуск
vacation-already = вы уже в отпуске до { $date }; `{ $p }vacation off` завершает его
vacation-over-allowance = { $days ->
    [one] { $days } день — это
    [few] { $days } дня — это
   *[other] { $days } дней — это
} больше, чем у вас осталось: { $left } из { $allowance ->
    [one] { $allowance } дня отпуска
   *[other] { $allowance } дней отпуска
} в этом году
vacation-ended = Отпуск игрока { $player } закончился: часы снова идут. В этом году { $left ->
    [one] остался { $left } день
    [few] осталось { $left } дня
   *[other] осталось { $left } дней
}.
vacation-starts = { $player } в отпуске до { $date }: часы партий по переписке без рейтинга здесь стоят до этого срока. В этом году осталось { $left } из { $allowance ->
    [one] { $allowance } дня
   *[other] { $allowance } дней
}.
## Live clocks, match lengths, !resign game|match

game-terms-live = , контроль времени { $clock }
clock-live-control = { $minutes } мин{ $seconds ->
    [0] {""}
   *[other] {" "}+ { $seconds } с за ход
}
clock-live = Часы: { $south } { $south_left }, { $north } { $north_left } ({ $control }); флажок у { $player } упадёт { $time }.
match-kind-first-to = { $kind } до { $count ->
    [one] { $count } победы
   *[other] { $count } побед
}
match-kind-games = { $kind } из { $count ->
    [one] { $count } партии
   *[other] { $count } партий
}
match-resigns-game = { $player } ({ $side }) сдаёт партию { $game } матча.
game-resign-which = это матч: `{ $p }resign game` сдаёт эту партию (матч продолжается), `{ $p }resign match` — весь матч
game-resign-no-match = это отдельная партия, а не матч: `{ $p }resign` сдаёт её
result-match-first-to = {" "}(до { $count ->
    [one] { $count } победы
   *[other] { $count } побед
})
result-match-games = {" "}({ $count ->
    [one] сыграна { $count } партия
    [few] сыграны все { $count } партии
   *[other] сыграны все { $count } партий
})
result-match-repetition = {" "}из-за повторения: партия { $game } началась бы точно так же, как одна из прежних (те же закрытые лунки, те же запасы, та же сторона ходит первой), и матч шёл бы по кругу без конца; решают { $by_seeds ->
    [yes] камни, которые есть у каждого, как в повторившейся партии (H10, H8): { $south } { $south_seeds }, { $north } { $north_seeds }
   *[no] выигранные партии
}
result-match-drawn = Матч окончен после { $count ->
    [one] { $count } партии
   *[other] { $count } партий
}: ничья в матче{ $how }. Выиграно партий: { $south } { $south_wins }, { $north } { $north_wins }.
result-match-verdict = Матч заканчивается вместе с партией { $game }. Выиграно партий: { $south } { $south_wins }, { $north } { $north_wins }.
## archive
archive-game-started = Номер партии: { $id } (`{ $p }game ID` покажет её из любого канала, `{ $p }games` — список ваших партий).
archive-game-ended = Номер партии: { $id } (`{ $p }analyze ID` — её разбор, `{ $p }history` — партии этого канала).
archive-unknown-id = в этом сообществе нет партии { $id }: `{ $p }games` — список ваших партий, `{ $p }history` — партий этого канала
parse-game-id = { $word } — не номер партии: номер состоит из 8 букв и цифр, например `k7m2q9xd` (или старый, например `1700000000000-3`); формат: `{ $usage }`
parse-game-id-missing = какая партия? Укажите её номер; формат: `{ $usage }` (`{ $p }games` — список ваших партий)
archive-games-none = у вас пока нет партий в этом сообществе: начните первую: `{ $p }new ИГРА [@соперник]`
archive-games-head = Партии игрока { $player }:
archive-games-running = Идут ({ $count }):
archive-games-finished = Последние законченные ({ $count }):
archive-games-footer = `{ $p }game ID` покажет партию из любого канала.
archive-turn-challenge = вызов ещё не принят
archive-clock = срок { $time }
archive-no-clock = без часов
archive-turn-yours = ваш ход, { $clock }
archive-turn-of = ходит { $player }, { $clock }
archive-running-line = { $id } { $kind } против { $opponent } в { $channel }: { $turn }
archive-result-won = победа
archive-result-lost = поражение
archive-result-draw = ничья
archive-result-none = без результата
archive-result-won-by = победа: { $player }
archive-finished-line = { $id } { $kind } против { $opponent }: { $result }, { $date }
archive-game-where = Партия { $id }, канал { $channel }:
archive-game-challenge = вызов на { $kind } ещё не принят: ходов нет
archive-game-ended-at = Закончена { $date }
archive-history-none = в этом канале ещё не закончилась ни одна партия
archive-history-head = Последние партии, законченные здесь ({ $count }):
archive-history-line = { $id } { $players }: { $result }, { $date }
archive-history-footer = `{ $p }game ID` покажет одну из них, `{ $p }record` — ходы партии этого канала.
review-not-finished = партия { $id } ещё не закончена: `{ $p }analyze ID` разбирает законченные партии
## notify
parse-notify-unknown = { $word } — не способ оповещения: используйте `{ $p }notify dm` (личное сообщение), `{ $p }notify mention` (упоминание в канале партии), `{ $p }notify off` или `{ $p }notify digest` (одно личное сообщение в день)
notify-shown = { $player }: о вашем ходе сообщается так: `{ $mode }`. Изменить: `{ $p }notify dm`, `{ $p }notify mention` или `{ $p }notify off`.
notify-set-dm = { $player }: теперь о вашем ходе будет сообщать личное сообщение, а в канале партии вас назовут без упоминания.
notify-set-mention = { $player }: теперь в канале партии вас будут упоминать, когда ваш ход.
notify-set-off = { $player }: теперь о вашем ходе не сообщается; в канале партии вас назовут без упоминания.
notify-turn = { $player }, ваш ход: { $game } против { $opponent } в { $channel } (партия `{ $id }`).
notify-turn-deadline = Сделайте ход до { $due }.
## threads
threads-room-failed = Не удалось открыть комнату для этой партии ({ $why }); ничего не создано. Организатор может отключить отдельные комнаты для партий командой `{ $p }set threads off`.
threads-room-taken = в этой комнате уже идёт партия
threads-game-in = Партия игрока { $player } — в { $room }.
notify-set-digest = { $player }: теперь в канале партии вас назовут без упоминания, а раз в день личное сообщение перечислит ваши партии здесь, где ваш ход.
notify-digest = { $player }, ваша сводка за день: { $count ->
    [one] ваш ход в { $count } партии.
   *[other] ваш ход в { $count } партиях.
}
notify-digest-game = • { $game } против { $opponent } в { $channel } (партия `{ $id }`)
notify-digest-due = , сделайте ход до { $due }
notify-digest-more = … и ещё { $count } (`{ $p }games` покажет все).
## games on vacation
archive-clock-vacation = в отпуске до { $time }: эти часы стоят
## why a move was marked (issue 32)
review-slip-why = { $slip }: { $why }
review-slip-proven = { $ply } { $mark ->
    [blunder] грубая ошибка
    [mistake] ошибка
   *[other] неточность
} ({ $why }; лучший ход { $best })
review-why-win-thrown = упускает выигранную позицию
review-why-win-thrown-in = упускает выигрыш в { $count } { $count ->
    [one] ход
    [few] хода
   *[other] ходов
}
review-why-loss = ведёт к проигранной позиции
review-why-loss-in = ведёт к проигрышу за { $count } { $count ->
    [one] ход
    [few] хода
   *[other] ходов
}
review-why-allows = позволяет игроку { $player } взять { $seeds } { $seeds ->
    [one] камень
    [few] камня
   *[other] камней
} ходом { $reply }
review-why-misses = упускает ход { $best }, который берёт { $seeds } { $seeds ->
    [one] камень
    [few] камня
   *[other] камней
}

## tournament organizer tools (games)
result-adjudicated-win = Партия окончена. { $player } ({ $side }) побеждает по решению организатора.
result-adjudicated-draw = Партия окончена. Ничья по решению организатора.
picture-how-adjudicated = по решению
clock-held = Часы остановлены, пока турнир на паузе: у игрока { $player } осталось { $left }.
archive-clock-held = часы стоят (турнир на паузе), осталось { $left }

## puzzles (issue 32)
puzzle-theme = { $theme ->
    [relay-capture] взятие через эстафету
    [casa-in-passing] каса по пути
    [last-four] последние четыре
    [endgame] эндшпиль
    [capture] взятие
    [defence] защита
   *[deep] длинный вариант
}
puzzle-goal-win = найдите выигрывающий ход
puzzle-goal-seeds = найдите ход, который даёт больше всего семян (хотя бы на { $margin } больше любого другого)
puzzle-opponent = Соперник
puzzle-daily-head = Задача дня: сегодня одна для всех (UTC).
puzzle-shown = Задача `{ $id }` для { $player }: { $board }, рейтинг { $rating }; темы: { $themes }.
puzzle-to-find = Вы играете за { $side }: { $goal }.
puzzle-line-long = В решении { $count ->
    [one] { $count } ваш ход
    [few] { $count } ваших хода
   *[other] { $count } ваших ходов
}; бот отвечает на каждый.
puzzle-answer-with = Ответ — { $form }; `{ $p }puzzle skip` — сдаться.
puzzle-seen-before = Вы уже пробовали эту задачу: на этот раз она не засчитывается.
puzzle-web-link = Страница задачи дня
puzzle-right = { $mv } — верно.
puzzle-your-move = Снова ваш ход ({ $side }): { $form }.
puzzle-solved = { $mv } — верно: задача `{ $id }` решена!
puzzle-failed = { $mv } — не тот ход: задача `{ $id }` не решена. Решение: { $line }.
puzzle-skipped = Задача `{ $id }` пропущена и не засчитывается. Решение: { $line }.
puzzle-given-up = Задача `{ $id }` брошена после хода и считается нерешённой. Решение: { $line }.
puzzle-rating-change = { $before } → { $after } ({ $delta })
puzzle-rating-line = Рейтинг задач ({ $game }): { $change }.
puzzle-streak = Задач решено подряд: { $count }.
puzzle-daily-streak = Задач дня решено подряд: { $count }.
puzzle-not-counted = Не засчитано: вы уже пробовали эту задачу.
puzzle-open-already = у вас открыта задача `{ $id }` { $here ->
    [yes] здесь
   *[other] в другом канале
}: ответьте через `{ $p }sow` или сдайтесь через `{ $p }puzzle skip`
puzzle-none-open = у вас нет открытой задачи; `{ $p }puzzle` даст новую
puzzle-none-installed = у этого бота нет задач
puzzle-no-board = для доски { $board } задач пока нет; доски с задачами: { $boards }
puzzle-all-solved = вы решили все задачи доски { $board } ({ $count }); другие доски: { $boards }
puzzle-gone = вашей открытой задачи `{ $id }` больше нет в наборах бота; `{ $p }puzzle skip` закроет её
puzzle-stats-none = { $player }: задач ещё не было; `{ $p }puzzle` даст задачу.
puzzle-stats-head = { $player }, задачи: решено { $solved }, не решено { $failed }.
puzzle-stats-family = { $game }: рейтинг задач { $rating } (решено { $solved }, не решено { $failed }).
puzzle-stats-streaks = Подряд: { $streak } (рекорд { $best }); задач дня подряд: { $daily } (рекорд { $daily_best }).
puzzle-stats-open = Открыта задача `{ $id }`.
puzzle-playing-here = вы играете партию в этом канале, и ваши ходы здесь идут в неё: попросите задачу в другом канале (`{ $p }puzzle`)
puzzle-hint = Подсказка: ваш ход начинается с { $hole }.
puzzle-hint-uncounted = С подсказкой задача больше не засчитывается.
